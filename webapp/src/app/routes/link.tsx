import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { StatusPage, goHome } from '../../components/status-page';
import { Icon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { copyText } from '../../lib/clipboard';
import { COPY_CONFIRMATION_MS } from '../../lib/constants';
import { toast } from '../../lib/toast';
import { useContent } from '../../lib/content/content-queries';
import { PageHeader } from '../../components/page-header';

/** /link-story/{id} and /link-video/{id}: the public link and its related actions. */
export default function LinkRoute({ type }: { type: 'story' | 'video' }) {
  const { id } = useParams();
  const valid = /^\d+$/.test(id ?? '');
  const story = useContent('story', Number(id), valid && type === 'story');
  const video = useContent('video', Number(id), valid && type === 'video');
  const query = type === 'story' ? story : video;
  const [copied, setCopied] = useState(false);
  if (valid && query.isLoading)
    return (
      <div className="page-loading">
        <Spinner size="lg" />
      </div>
    );
  if (!valid || !query.data)
    return (
      <StatusPage
        title={type === 'story' ? 'Story Not Found' : 'Video Not Found'}
        message={`The ${type} you're looking for doesn't exist or has been removed.`}
        actions={goHome}
      />
    );
  const url = `${window.location.origin}/${type}/${query.data.id}`;
  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      toast({ title: 'Link Copied' });
    } else {
      // SPEC §8: when even the textarea fallback fails, show the link to copy by hand.
      toast({ title: `Share this ${type}`, description: url });
    }
  };
  const linked = type === 'video' ? (video.data?.storyId ?? null) : null;
  return (
    <div className="container page narrow">
      <PageHeader icon="link" iconSize={26} title={`Link ${type === 'story' ? 'Story' : 'Video'}`}>
        <p className="muted">{query.data.title}</p>
      </PageHeader>
      <section className="panel stack">
        <label className="field-label" htmlFor="public-link">
          Public link
        </label>
        <div className="row-sm">
          <input id="public-link" className="input grow" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn-primary" onClick={copy}>
            <Icon name={copied ? 'check' : 'copy'} size={16} /> {copied ? 'Copied!' : 'Copy'}
          </button>
        </div>
        <div className="row-sm wrap">
          <Link className="btn btn-outline" to={`/${type}/${query.data.id}`}>
            Open {type}
          </Link>
          {type === 'story' ? (
            <Link className="btn btn-outline" to={`/create-video?from_story=${query.data.id}`}>
              <Icon name="film" size={16} /> Make a video from it
            </Link>
          ) : linked ? (
            <Link className="btn btn-outline" to={`/story/${linked}`}>
              <Icon name="book" size={16} /> Linked story
            </Link>
          ) : (
            <Link className="btn btn-outline" to={`/create-story?from_video=${query.data.id}`}>
              <Icon name="book" size={16} /> Write a story from it
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
