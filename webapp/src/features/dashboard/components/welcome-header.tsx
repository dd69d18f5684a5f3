import { CreateMenu } from '../../../components/create-menu';

/** an account this young is greeted as new ('Welcome'), an older one as returning ('Welcome back') */
const NEW_ACCOUNT_MS = 60 * 60 * 1000;

export function WelcomeHeader({ firstName, createdAt }: { firstName?: string | null; createdAt?: string | null }) {
  const age = createdAt ? Date.now() - new Date(createdAt).getTime() : Number.NaN;
  const greeting = age < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back';
  return (
    <header className="welcome">
      <div>
        <h1 className="page-title">
          {greeting}, {firstName || 'Horror Creator'}
        </h1>
        <p className="muted">Ready to craft your next nightmare?</p>
      </div>
      <CreateMenu />
    </header>
  );
}
