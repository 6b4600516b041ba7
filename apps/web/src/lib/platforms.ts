import type { Platform } from '@app/contracts';

/** How the web app names and treats each platform. A new platform is one entry here. */
export interface PlatformUi {
  /** "YouTube", "Instagram". */
  name: string;
  /** What its items are called in a workspace: "YouTube videos". */
  itemsLabel: string;
  /** Whether an analysis can be run again from its link (Instagram posts start from a workspace). */
  rerunFromLink: boolean;
}

export const PLATFORM_UI: Readonly<Record<Platform, PlatformUi>> = {
  youtube: { name: 'YouTube', itemsLabel: 'YouTube videos', rerunFromLink: true },
  instagram: { name: 'Instagram', itemsLabel: 'Instagram posts', rerunFromLink: false },
};
