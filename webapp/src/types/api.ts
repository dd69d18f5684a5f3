export type ContentType = 'story' | 'video';

export type UserSummary = {
  id?: string | number;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  email?: string | null;
};

export type User = {
  id: string | number;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  role?: string;
  isActive?: boolean;
  isBanned?: boolean;
  banReason?: string | null;
  banExpiresAt?: string | null;
  storiesCount?: number;
  videosCount?: number;
  createdAt?: string;
};

export type Story = {
  id: number;
  userId: string | number;
  title: string;
  content: string;
  genre: string;
  mood: string | string[];
  characters?: string;
  setting?: string;
  intensity?: number;
  storyLength?: number;
  timeOfDay?: string;
  weatherCondition?: string;
  protagonist?: string;
  antagonist?: string;
  includeDialogue?: boolean;
  includeDescription?: boolean;
  narrativePerspective?: string;
  pacing?: string;
  keyElements?: string;
  plotTwist?: string;
  customPrompt?: string;
  isPublic?: boolean;
  allowComments?: boolean;
  views?: number;
  likesCount?: number;
  commentsCount?: number;
  sharesCount?: number;
  isLikedByUser?: boolean;
  createdAt?: string;
  updatedAt?: string;
  user?: UserSummary | null;
};

export type VideoStatus = 'pending' | 'processing' | 'completed' | 'failed';

export type VideoScene = {
  start: number;
  text: string;
  shows: string[];
  thumbnailUrl?: string | null;
};

export type Video = Omit<Story, 'storyLength'> & {
  description?: string;
  creationMode?: 'from_story' | 'direct';
  storyId?: number | null;
  /** the story's title, when the reader may see that story */
  storyTitle?: string | null;
  /** the author of the story the video was made from (credited) */
  storyAuthor?: UserSummary | null;
  /** the narration script, one line per scene */
  script?: string[];
  /** the last render's storyboard */
  scenes?: VideoScene[];
  status: VideoStatus;
  progress?: number;
  progressMessage?: string | null;
  error?: string | null;
  videoUrl?: string | null;
  posterUrl?: string | null;
  subtitlesUrl?: string | null;
  downloadUrl?: string | null;
  renderHeight?: number | null;
  animationStyle?: string;
  narrationVoice?: string;
  musicAmbience?: string;
  duration?: number;
  aspectRatio?: string;
  resolution?: string;
  frameRate?: number;
  voiceSpeed?: number;
  musicVolume?: number;
  narrationVolume?: number;
  colorGrading?: string;
  transitions?: string;
  subtitles?: boolean;
  watermark?: boolean;
  allowDownload?: boolean;
};

export type Comment = {
  id: number;
  userId: string | number;
  storyId?: number;
  videoId?: number;
  parentId?: number | null;
  content: string;
  createdAt: string;
  updatedAt?: string;
  user?: UserSummary | null;
};

export type ActivityEntry = {
  id: number;
  createdAt?: string;
  content?: string;
  platform?: string;
  shareType?: string;
  user?: UserSummary | null;
};

export type UserStats = { storiesCount: number; videosCount: number; totalViews: number };

export type AdminStats = {
  totalUsers: number;
  activeUsers: number;
  totalStories: number;
  totalVideos: number;
  totalViews: number;
};
