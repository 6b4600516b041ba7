import type { AnalysisHistoryItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { newestAnalyses } from './recent-analyses';

const item = (n: number, status: AnalysisHistoryItem['status']): AnalysisHistoryItem => ({
  job_id: `job-${n}`,
  video_id: `video${String(n).padStart(6, '0')}`,
  platform: 'youtube',
  title: null,
  thumbnail_url: '',
  created_at: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  status,
  channel_title: null,
  comment_count: null,
  credits_spent: 0,
  finished_at: null,
});

describe('Recent Analyses', () => {
  it('lists the newest 5, failed ones included', () => {
    const items = [
      item(1, 'complete'),
      item(2, 'complete'),
      item(3, 'failed'),
      item(4, 'embedding'),
      item(5, 'complete'),
      item(6, 'failed'),
      item(7, 'complete'),
      item(8, 'complete'),
    ];
    expect(newestAnalyses(items).map((i) => i.job_id)).toEqual([
      'job-8',
      'job-7',
      'job-6',
      'job-5',
      'job-4',
    ]);
  });
});
