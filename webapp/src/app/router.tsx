import { lazy, Suspense, useDeferredValue } from 'react';
import { flushSync } from 'react-dom';
import { createBrowserRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { MainLayout } from '../components/layout/main-layout';
import { FullPageSpinner } from '../components/ui/spinner';
import { ExploreSkeleton, ProfileSkeleton } from '../components/page-skeletons';
import { useAuth } from '../lib/auth';
import { ProtectedRoute } from './protected-route';
import { IndexRoute } from './routes/index-route';
import { NotFoundRoute } from './routes/not-found';
import { ErrorBoundary } from './routes/route-error';
import { ScrollManager } from './scroll-manager';
import { pages } from './preload';

const ExploreRoute = lazy(pages.explore);
const StoryRoute = lazy(pages.story);
const StoryEditRoute = lazy(() => import('./routes/story-edit'));
const CreateStoryRoute = lazy(() => import('./routes/create-story'));
const CreateVideoRoute = lazy(() => import('./routes/create-video'));
const VideoRoute = lazy(pages.video);
const VideoEditorRoute = lazy(() => import('./routes/video-editor'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const AdminRoute = lazy(() => import('./routes/admin'));
const LinkRoute = lazy(() => import('./routes/link'));
const AuthorRoute = lazy(pages.author);
const NotificationsRoute = lazy(() => import('./routes/notifications'));
const TagRoute = lazy(pages.tag);
const SeriesRoute = lazy(pages.series);

const protect = (element: React.ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;

/** While the auth user loads, a full-page 'Loading...' spinner; then the routes. */
function AppRoutes() {
  // Once the signed-in check answers, the page is drawn in a background render React can pause
  // (the spinner stays until it is ready), not in one long task.
  const isLoading = useDeferredValue(useAuth().isLoading);
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <ScrollManager />
      <Routes>
        <Route element={<MainLayout />}>
          <Route index element={<IndexRoute />} />
          <Route path="explore" element={<Suspense fallback={<ExploreSkeleton />}><ExploreRoute /></Suspense>} />
          <Route path="story/:id" element={<StoryRoute />} />
          <Route path="story/:id/edit" element={protect(<StoryEditRoute />)} />
          <Route path="story-editor/:id" element={protect(<StoryEditRoute />)} />
          <Route path="create" element={protect(<CreateStoryRoute />)} />
          <Route path="create-story" element={protect(<CreateStoryRoute />)} />
          <Route path="create-video" element={protect(<CreateVideoRoute />)} />
          <Route path="video/:id" element={<VideoRoute />} />
          <Route path="video-editor/:id" element={protect(<VideoEditorRoute />)} />
          <Route path="profile" element={protect(<Suspense fallback={<ProfileSkeleton />}><ProfileRoute /></Suspense>)} />
          <Route path="admin" element={protect(<AdminRoute />)} />
          <Route path="u/:id" element={<AuthorRoute />} />
          <Route path="notifications" element={protect(<NotificationsRoute />)} />
          <Route path="tags/:id" element={<Suspense fallback={<ExploreSkeleton />}><TagRoute /></Suspense>} />
          <Route path="series/:id" element={<SeriesRoute />} />
          <Route path="link-story/:id" element={protect(<LinkRoute type="story" />)} />
          <Route path="link-video/:id" element={protect(<LinkRoute type="video" />)} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}

/** A data router around the routes: it is what lets a screen with unsaved writing hold a navigation
 * (`useBlocker`, components/unsaved-changes-guard.tsx); the routes themselves stay declared above. */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

/** What react-router-dom's RouterProvider adds to react-router's: navigations may flush
 * synchronously. Taken from react-router itself, the app's bundle leaves out react-router-dom's
 * server-rendering and hydration code (about 50 KB the site never runs). */
const flush = (update: () => unknown): undefined => {
  flushSync(update);
};

export function AppRouter() {
  return <RouterProvider router={router} flushSync={flush} />;
}
