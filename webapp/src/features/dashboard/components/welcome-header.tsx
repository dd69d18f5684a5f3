import { CreateMenu } from '../../../components/create-menu';

export function WelcomeHeader({ firstName }: { firstName?: string | null }) {
  return (
    <header className="welcome">
      <div>
        <h1 className="page-title">Welcome back, {firstName || 'Horror Creator'}</h1>
        <p className="muted">Ready to craft your next nightmare?</p>
      </div>
      <CreateMenu />
    </header>
  );
}
