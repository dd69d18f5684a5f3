import { Link } from 'react-router-dom';
import { LOGIN_URL } from '../../../lib/auth';
import { Icon } from '../../../components/ui/icons';

export function Hero() {
  return (
    <section className="hero">
      <div className="hero-fog" aria-hidden="true" />
      <div className="container hero-inner">
        <p className="eyebrow">AI-powered horror, made by fans</p>
        <h1 className="hero-title">Dreadforge</h1>
        <p className="hero-tagline">Craft Your Nightmare. Unleash Your Fear.</p>
        <p className="hero-pitch">
          The destination for horror enthusiasts to create, experience and share AI-generated horror stories and animated videos.
        </p>
        <div className="row center wrap">
          <a href={LOGIN_URL} className="btn btn-primary btn-lg">
            <Icon name="sparkles" size={18} /> Create Your Story
          </a>
          <Link to="/explore" className="btn btn-outline btn-lg">
            Explore Creations
          </Link>
        </div>
      </div>
    </section>
  );
}

export function ClosingBanner() {
  return (
    <section className="closing-banner">
      <div className="container center">
        <h2>Ready to Craft Your Nightmare?</h2>
        <p className="muted">Join thousands of horror enthusiasts who are already creating spine-chilling stories with AI.</p>
        <a href={LOGIN_URL} className="btn btn-primary btn-lg">
          Start Creating
        </a>
      </div>
    </section>
  );
}
