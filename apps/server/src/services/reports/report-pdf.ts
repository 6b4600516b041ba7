import PDFDocument from 'pdfkit';
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

/** The report's chart palette (the web app's donut uses the same seven colours in this order). */
const PALETTE = ['#5b4ee0', '#0e7c86', '#c2410c', '#b4237a', '#2563eb', '#15803d', '#a16207'];
const INK = '#1f2430';
const MUTED = '#5d6474';
const RULE = '#d9dce3';
const MARGIN = 48;

/**
 * Characters the PDF's built-in Helvetica can show (Windows-1252); others become "?" and emoji
 * are left out, so a heading never prints as unreadable glyphs.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, '')) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09 || code === 0x0a) out += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (code >= 0x20) out += '?';
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** An SVG path for one donut slice from `a0` to `a1` (radians, clockwise from the top). */
function slicePath(cx: number, cy: number, r: number, inner: number, a0: number, a1: number) {
  const pt = (radius: number, a: number) =>
    `${(cx + radius * Math.sin(a)).toFixed(3)} ${(cy - radius * Math.cos(a)).toFixed(3)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return [
    `M ${pt(r, a0)}`,
    `A ${r} ${r} 0 ${large} 1 ${pt(r, a1)}`,
    `L ${pt(inner, a1)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${pt(inner, a0)}`,
    'Z',
  ].join(' ');
}

/**
 * The report laid out for print (A4): summary, the donut of the stored cluster percentages drawn
 * as vector paths with its legend, the clusters table and the questions when the report has them.
 */
export function reportPdf(reply: ReportReply): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: pdfText(`Chorus report: ${reportTitle(reply)}`), Creator: 'Chorus' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(60);
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(text, MARGIN, doc.y);
    doc.moveDown(0.3);
  };

  // Title block
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('CHORUS REPORT', MARGIN, MARGIN);
  doc.moveDown(0.3);
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(pdfText(reportTitle(reply)), { width });
  const meta = [
    reply.channel_title ? pdfText(reply.channel_title) : null,
    `Analyzed ${dayOf(reply.created_at)}`,
  ].filter((x): x is string => x !== null);
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(meta.join('  ·  '), { width });

  // Stat boxes
  doc.moveDown(0.8);
  const stats: [string, string][] = [
    ['Comments analyzed', reply.report.analysed_comments.toLocaleString('en-US')],
    ['Clusters', String(reply.report.clusters.length)],
    ['Sentiment', positiveShareText(reply) ?? '-'],
  ];
  const boxW = (width - 2 * 12) / 3;
  const boxY = doc.y;
  stats.forEach(([label, value], i) => {
    const x = MARGIN + i * (boxW + 12);
    doc.roundedRect(x, boxY, boxW, 52, 6).lineWidth(0.8).strokeColor(RULE).stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x + 12, boxY + 10, { width: boxW - 24 });
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor(INK)
      .text(value, x + 12, boxY + 24, { width: boxW - 24 });
  });
  doc.x = MARGIN;
  doc.y = boxY + 52;

  // Executive summary
  const summary = reply.executive_summary;
  heading('Executive Summary');
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Overall Vibe', { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(pdfText(summary.overall_vibe) || '-', { width });
  const bullets = (title: string, items: readonly string[]) => {
    ensure(40);
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(title, MARGIN, doc.y, { width });
    doc.font('Helvetica').fontSize(10);
    if (items.length === 0) doc.text('-', { width });
    for (const item of items) {
      ensure(16);
      doc.text(`•  ${pdfText(item)}`, MARGIN + 6, doc.y, { width: width - 6, indent: 0 });
    }
  };
  bullets('Key Positives', summary.key_positives);
  bullets('Improvement Suggestions', summary.improvement_suggestions);

  // Donut of the stored percentages, with its legend
  const clusters = clustersByShare(reply.report.clusters);
  heading('Topic Distribution');
  const legendRows = Math.min(clusters.length, 14);
  const chartH = Math.max(190, legendRows * 16 + 10);
  ensure(chartH);
  const top = doc.y + 4;
  const r = 84;
  const inner = 52;
  const cx = MARGIN + r + 4;
  const cy = top + r + 4;
  const total = clusters.reduce((s, c) => s + Math.max(0, c.percentage), 0);
  if (total > 0) {
    let at = 0;
    clusters.forEach((c, i) => {
      const share = Math.max(0, c.percentage) / total;
      if (share <= 0) return;
      const a0 = at * 2 * Math.PI;
      const a1 = (at + share) * 2 * Math.PI;
      const colour = PALETTE[i % PALETTE.length]!;
      if (share >= 0.9999) {
        // a whole ring: two halves (one arc cannot start and end at the same point)
        doc.path(slicePath(cx, cy, r, inner, 0, Math.PI)).fill(colour);
        doc.path(slicePath(cx, cy, r, inner, Math.PI, 2 * Math.PI)).fill(colour);
      } else {
        doc.path(slicePath(cx, cy, r, inner, a0, a1)).fill(colour);
      }
      at += share;
    });
    // white gaps between slices
    at = 0;
    if (clusters.length > 1)
      for (const c of clusters) {
        const a = at * 2 * Math.PI;
        doc
          .moveTo(cx + inner * Math.sin(a), cy - inner * Math.cos(a))
          .lineTo(cx + r * Math.sin(a), cy - r * Math.cos(a))
          .lineWidth(1.5)
          .strokeColor('#ffffff')
          .stroke();
        at += Math.max(0, c.percentage) / total;
      }
  } else {
    doc
      .circle(cx, cy, (r + inner) / 2)
      .lineWidth(r - inner)
      .strokeColor(RULE)
      .stroke();
  }
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK);
  doc.text(String(clusters.length), cx - inner, cy - 14, { width: 2 * inner, align: 'center' });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(clusters.length === 1 ? 'cluster' : 'clusters', cx - inner, cy + 6, {
    width: 2 * inner,
    align: 'center',
  });

  const lx = MARGIN + 2 * r + 40;
  const lw = MARGIN + width - lx;
  clusters.slice(0, legendRows).forEach((c, i) => {
    const y = top + 6 + i * 16;
    doc.rect(lx, y + 1, 9, 9).fill(PALETTE[i % PALETTE.length]);
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    doc.text(pdfText(clusterHeading(c)), lx + 16, y, {
      width: lw - 70,
      height: 12,
      ellipsis: true,
      lineBreak: false,
    });
    doc
      .font('Helvetica-Bold')
      .text(percentText(c.percentage), lx + lw - 50, y, { width: 50, align: 'right' });
  });
  if (clusters.length > legendRows) {
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`and ${clusters.length - legendRows} more below`, lx + 16, top + 6 + legendRows * 16, {
      width: lw - 16,
    });
  }
  doc.x = MARGIN;
  doc.y = top + chartH;

  // Clusters table
  heading('Clusters');
  const cols = [
    { title: 'Cluster', w: width - 250, align: 'left' as const },
    { title: 'Category', w: 70, align: 'left' as const },
    { title: 'Share', w: 55, align: 'right' as const },
    { title: 'Engagement', w: 65, align: 'right' as const },
    { title: 'Comments', w: 60, align: 'right' as const },
  ];
  const headerRow = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    for (const col of cols) {
      doc.text(col.title, x, y, { width: col.w - 6, align: col.align });
      x += col.w;
    }
    doc
      .moveTo(MARGIN, y + 14)
      .lineTo(MARGIN + width, y + 14)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 20;
  };
  if (clusters.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text('This report has no clusters.', MARGIN, doc.y);
  } else {
    headerRow();
    clusters.forEach((c, i) => {
      const title = pdfText(clusterHeading(c));
      const tags = pdfText(c.tags.join(', '));
      doc.font('Helvetica-Bold').fontSize(10);
      const titleH = doc.heightOfString(title, { width: cols[0]!.w - 18 });
      doc.font('Helvetica').fontSize(8);
      const tagsH = tags ? doc.heightOfString(tags, { width: cols[0]!.w - 18 }) : 0;
      const rowH = titleH + tagsH + 12;
      if (doc.y + rowH > bottom()) {
        doc.addPage();
        headerRow();
      }
      const y = doc.y;
      doc.rect(MARGIN, y + 2, 6, 6).fill(PALETTE[i % PALETTE.length]);
      doc.font('Helvetica-Bold').fontSize(10).fillColor(INK);
      doc.text(title, MARGIN + 12, y, { width: cols[0]!.w - 18 });
      if (tags)
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor(MUTED)
          .text(tags, MARGIN + 12, y + titleH + 2, { width: cols[0]!.w - 18 });
      let x = MARGIN + cols[0]!.w;
      const cells = [
        c.category,
        percentText(c.percentage),
        percentText(c.engagement_percentage),
        c.size.toLocaleString('en-US'),
      ];
      doc.font('Helvetica').fontSize(10).fillColor(INK);
      cells.forEach((cell, k) => {
        const col = cols[k + 1]!;
        doc.text(cell, x, y, { width: col.w - 6, align: col.align });
        x += col.w;
      });
      doc
        .moveTo(MARGIN, y + rowH - 4)
        .lineTo(MARGIN + width, y + rowH - 4)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.x = MARGIN;
      doc.y = y + rowH;
    });
  }

  const questions = reportQuestions(reply);
  if (questions.length > 0) {
    heading('Questions');
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    for (const q of questions) {
      ensure(16);
      doc.text(`•  ${pdfText(q.text)}  (${q.count})`, MARGIN + 6, doc.y, { width: width - 6 });
    }
  }

  // Footer on every page
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // the footer sits in the bottom margin: without this pdfkit would start a new page for it
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 8;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(
      `Made with Chorus · Share: of the analyzed comments; Engagement: of their likes · Page ${i + 1} of ${range.count}`,
      MARGIN,
      y,
      { width, align: 'center', lineBreak: false, height: 10 },
    );
  }
  doc.end();
  return done;
}
