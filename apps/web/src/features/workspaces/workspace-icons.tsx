/** The workspace screens' icons, drawn inline (no image requests). Decorative: aria-hidden. */
import { useId, type ReactNode } from 'react';
import type { Platform } from '@app/contracts';
import { StrokeIcon } from '../../components/icons';

/** The fallback of a workspace's YouTube avatar: a play button. */
export function YouTubeLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="1.5" y="5" width="21" height="14" rx="4" fill="#e62117" />
      <path d="M10 9l5 3-5 3z" fill="#ffffff" />
    </svg>
  );
}

/** The fallback of a workspace's Instagram avatar: the camera glyph on the brand gradient. */
export function InstagramLogo({ size = 28 }: { size?: number }) {
  // One gradient per drawing: ids must stay unique when several cards show the logo.
  const gradient = `ig-gradient-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#f9a825" />
          <stop offset="0.5" stopColor="#e1306c" />
          <stop offset="1" stopColor="#7b3fe4" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="20" height="20" rx="6" fill={`url(#${gradient})`} />
      <rect
        x="6.5"
        y="6.5"
        width="11"
        height="11"
        rx="3.5"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="2.6" fill="none" stroke="#fff" strokeWidth="1.8" />
      <circle cx="16.6" cy="7.4" r="1" fill="#fff" />
    </svg>
  );
}

/** Each platform's logo (a workspace avatar's fallback, a tab's icon). */
export const PLATFORM_LOGOS: Readonly<Record<Platform, (props: { size?: number }) => ReactNode>> = {
  youtube: YouTubeLogo,
  instagram: InstagramLogo,
};

/** The placeholder of an Instagram post without an image. */
export function CameraIcon({ size = 40 }: { size?: number }) {
  return (
    <StrokeIcon size={size} strokeWidth="1.6">
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </StrokeIcon>
  );
}

export function CheckIcon({ size = 16 }: { size?: number }) {
  return (
    <StrokeIcon size={size} strokeWidth="3">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </StrokeIcon>
  );
}

export function ArrowLeftIcon() {
  return (
    <StrokeIcon>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </StrokeIcon>
  );
}

export function SearchIcon() {
  return (
    <StrokeIcon roundJoins={false}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </StrokeIcon>
  );
}
