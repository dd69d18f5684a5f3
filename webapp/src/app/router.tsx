import { lazy } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { MainLayout } from '../components/layout/main-layout';
import { FullPageSpinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';
import { ProtectedRoute } from './protected-route';
import { IndexRoute } from './routes/index-route';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

const ExploreRoute = lazy(() => import('./routes/explore'));
const StoryRoute = lazy(() => import('./routes/story'));
const StoryEditRoute = lazy(() => import('./routes/story-edit'));
const CreateStoryRoute = lazy(() => import('./routes/create-story'));
const CreateVideoRoute = lazy(() => import('./routes/create-video'));
const VideoRoute = lazy(() => import('./routes/video'));
const VideoEditorRoute = lazy(() => import('./routes/video-editor'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const AdminRoute = lazy(() => import('./routes/admin'));
const LinkRoute = lazy(() => import('./routes/link'));

/** While the auth user loads, a full-page 'Loading...' spinner. */
function AuthGate() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const protect = (element: React.ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;

export const router = createBrowserRouter([
  {
    element: <AuthGate />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <IndexRoute /> },
          { path: 'explore', element: <ExploreRoute /> },
          { path: 'story/:id', element: <StoryRoute /> },
          { path: 'story/:id/edit', element: protect(<StoryEditRoute />) },
          { path: 'story-editor/:id', element: protect(<StoryEditRoute />) },
          { path: 'create', element: protect(<CreateStoryRoute />) },
          { path: 'create-story', element: protect(<CreateStoryRoute />) },
          { path: 'create-video', element: protect(<CreateVideoRoute />) },
          { path: 'video/:id', element: <VideoRoute /> },
          { path: 'video-editor/:id', element: protect(<VideoEditorRoute />) },
          { path: 'profile', element: protect(<ProfileRoute />) },
          { path: 'admin', element: protect(<AdminRoute />) },
          { path: 'link-story/:id', element: protect(<LinkRoute type="story" />) },
          { path: 'link-video/:id', element: protect(<LinkRoute type="video" />) },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
