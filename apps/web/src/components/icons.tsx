/** Small inline icons (system fonts lack some emoji, e.g. on Linux). Decorative: aria-hidden. */
import type { ReactNode } from 'react';

/** The shared frame of the line icons: a 24-unit box drawn with the current text colour. */
export function StrokeIcon({
  size = 18,
  strokeWidth = '2',
  roundJoins = true,
  children,
}: {
  size?: number;
  strokeWidth?: string;
  roundJoins?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin={roundJoins ? 'round' : undefined}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function RefreshIcon() {
  return (
    <StrokeIcon>
      <path d="M21 12a9 9 0 1 1-2.64-6.36" />
      <path d="M21 3v6h-6" />
    </StrokeIcon>
  );
}

export function TrashIcon() {
  return (
    <StrokeIcon>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </StrokeIcon>
  );
}

export function SunIcon() {
  return (
    <StrokeIcon roundJoins={false}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </StrokeIcon>
  );
}

export function MoonIcon() {
  return (
    <StrokeIcon>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </StrokeIcon>
  );
}
