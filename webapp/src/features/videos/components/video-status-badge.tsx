import { Badge } from '../../../components/ui/badge';
import type { VideoStatus } from '../../../types/api';

const VARIANT: Record<VideoStatus, 'default' | 'success' | 'warning' | 'danger'> = {
  pending: 'default',
  processing: 'warning',
  completed: 'success',
  failed: 'danger',
};

export function VideoStatusBadge({ status }: { status: VideoStatus }) {
  return <Badge variant={VARIANT[status] ?? 'default'}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
