import type { ReportReply } from '@app/contracts';
import {
  clusterHeading,
  clustersByShare,
  dayOf,
  percentText,
  positiveShareText,
  reportQuestions,
  reportTitle,
} from './report-content';

/** Text that Markdown shows as written: no markup, links, HTML or table breaks; one line. */
export function mdText(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|#~!]/g, (ch) => `\\${ch}`);
}

/** The report as Markdown: summary, questions (when the report has them) and clusters. */
export function reportMarkdown(reply: ReportReply): string {
  const body = reply.report;
  const summary = reply.executive_summary;
  const out: string[] = [];
  out.push(`# ${mdText(reportTitle(reply))}`, '');
  const meta = [
    reply.channel_title ? mdText(reply.channel_title) : null,
    `Analyzed ${dayOf(reply.created_at)}`,
    `${body.analysed_comments} comments analyzed`,
    `${body.clusters.length} ${body.clusters.length === 1 ? 'cluster' : 'clusters'}`,
    positiveShareText(reply),
  ].filter((x): x is string => x !== null);
  out.push(meta.join(' · '), '');

  out.push(
    '## Executive Summary',
    '',
    '### Overall Vibe',
    '',
    mdText(summary.overall_vibe) || '-',
    '',
  );
  const list = (title: string, items: readonly string[]) => {
    out.push(`### ${title}`, '');
    if (items.length === 0) out.push('-');
    else for (const item of items) out.push(`- ${mdText(item)}`);
    out.push('');
  };
  list('Key Positives', summary.key_positives);
  list('Improvement Suggestions', summary.improvement_suggestions);

  const questions = reportQuestions(reply);
  if (questions.length > 0) {
    out.push('## Questions', '');
    for (const q of questions) out.push(`- ${mdText(q.text)} (${q.count})`);
    out.push('');
  }

  out.push('## Clusters', '');
  if (body.clusters.length === 0) out.push('This report has no clusters.', '');
  else {
    out.push(
      '| Cluster | Category | Share | Engagement | Comments | Tags |',
      '| --- | --- | ---: | ---: | ---: | --- |',
    );
    for (const c of clustersByShare(body.clusters))
      out.push(
        `| ${mdText(clusterHeading(c))} | ${c.category} | ${percentText(c.percentage)} | ${percentText(
          c.engagement_percentage,
        )} | ${c.size} | ${c.tags.map(mdText).join(', ') || '-'} |`,
      );
    out.push('');
  }
  out.push('Made with Chorus. Share: of the analyzed comments; Engagement: of their likes.', '');
  return out.join('\n');
}
