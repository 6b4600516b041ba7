import { useCallback, useState, type ReactNode } from 'react';
import type { BatchEstimateReply } from '@app/contracts';
import { errorMessage } from '../../lib/api-client';
import { api } from '../../lib/api';
import { ConfirmAnalysisDialog } from '../analyze/confirm-analysis-dialog';

/**
 * The confirmation before a batch analysis: asks the server for the batch's price (each video
 * priced as the batch starts it) and shows the total; `ask` runs `start` only once the creator
 * confirms. A failed estimate is reported through `onError` and starts nothing.
 */
export function useBatchConfirm(onError: (message: string) => void): {
  ask: (videoIds: string[], workspaceId: number, start: () => void) => Promise<void>;
  checking: boolean;
  dialog: ReactNode;
} {
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<{
    estimate: BatchEstimateReply;
    start: () => void;
  } | null>(null);

  const ask = useCallback(
    async (videoIds: string[], workspaceId: number, start: () => void) => {
      setChecking(true);
      try {
        const estimate = await api.batchEstimate({
          body: { video_ids: videoIds, workspace_id: workspaceId },
        });
        setPending({ estimate, start });
      } catch (err) {
        console.error('Pricing the batch failed', err);
        onError(`Error: ${errorMessage(err)}`);
      } finally {
        setChecking(false);
      }
    },
    [onError],
  );

  const e = pending?.estimate;
  const count = e?.videos.length ?? 0;
  const blocked = e ? e.videos.filter((v) => v.error !== null) : [];
  const dialog =
    pending && e ? (
      <ConfirmAnalysisDialog
        title={`Analyze ${count === 1 ? 'this video' : `these ${count} videos`}?`}
        subject={
          count === 1
            ? (e.videos[0]?.title ?? e.videos[0]?.video_id ?? '')
            : `${count} videos, priced one after another from your balance`
        }
        price={{
          commentCount: e.comment_count,
          credits: e.credits,
          balance: e.balance,
          willAnalyse: e.will_analyse,
          maxComments: e.max_comments,
        }}
        notes={blocked.map((v) => `${v.title ?? v.video_id}: ${v.error ?? ''}`)}
        onConfirm={() => {
          setPending(null);
          pending.start();
        }}
        onClose={() => setPending(null)}
      />
    ) : null;
  return { ask, checking, dialog };
}
