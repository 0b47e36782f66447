import type { ActivityReport } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { csvText } from '../../../platform/csv/csvText.ts';
import { linkOfAnchor } from './clickMap.ts';
import { channelFigures, channelMetrics, channelOfReportPath, reportCsvRows } from './reportModel.ts';

const report: ActivityReport = {
  sent: 2,
  delivered: 2,
  failed: 0,
  bounced: 0,
  opens: 1,
  uniqueOpens: 1,
  clicks: 1,
  uniqueClicks: 1,
  unsubscribes: 0,
  complaints: 0,
  queued: 0,
  suppressed: 0,
  machineOpens: 0,
  conversions: 0,
  recipients: 2,
  rates: { delivered: 1, open: 0.5, click: 0.5, unsubscribe: 0, bounce: 0 },
  interval: 'hour',
  from: '2026-11-27T10:00:00.000Z',
  to: '2026-11-27T10:00:00.000Z',
  revisionId: 3,
  series: [
    {
      date: '2026-11-27T10:00:00.000Z',
      sent: 2,
      delivered: 2,
      opens: 1,
      uniqueOpens: 1,
      clicks: 1,
      unsubscribes: 0,
      bounced: 0,
      complaints: 0,
    },
  ],
  links: [{ index: 0, url: '=HYPERLINK("https://evil.test")', clicks: 1, uniqueClicks: 1 }],
  variations: [
    {
      variation: 0,
      name: '',
      sent: 2,
      uniqueOpens: 1,
      uniqueClicks: 1,
      openRate: 0.5,
      clickRate: 0.5,
      winner: false,
      pValue: null,
    },
  ],
  partitions: [
    { partitionId: null, name: '', sent: 2, uniqueOpens: 1, uniqueClicks: 1, unsubscribes: 0, bounced: 0 },
  ],
  runs: [
    {
      id: 9,
      status: 'finished',
      recipients: 2,
      sent: 2,
      failed: 0,
      startedAt: '2026-11-27T10:00:00.000Z',
      finishedAt: null,
    },
  ],
};

const labels = {
  figure: (key: string) => key,
  metric: (key: string) => key,
  heading: (key: string) => `# ${key}`,
  column: (key: string) => key,
  variationName: (variation: number) => (variation === 0 ? 'Original' : `Variation ${variation}`),
  partitionName: (id: number | null, name: string) => (id === null ? 'Head office' : name),
  yes: 'Winner',
};

describe('activity report model', () => {
  it('leaves out the figures and chart metrics a channel does not have, sent first', () => {
    expect(channelFigures('email')).toContain('machineOpens');
    expect(channelFigures('sms')).not.toContain('opens');
    expect(channelFigures('sms')).toContain('clicks');
    expect(channelMetrics('email')[0]).toBe('sent');
    expect(channelMetrics('sms')).toEqual(['sent', 'delivered', 'clicks', 'unsubscribes']);
  });

  it('reads the channel of a report path', () => {
    expect(channelOfReportPath('/4/activity/emailreport/12')).toBe('email');
    expect(channelOfReportPath('/4/campaign/3/smsreport/12')).toBe('sms');
    expect(channelOfReportPath('/4/activity/view/12')).toBeUndefined();
  });

  it('writes every section into one formula-safe CSV', () => {
    const text = csvText(reportCsvRows(report, 'sms', labels));
    expect(text).toContain('# figures\r\nfigure,value\r\nrecipients,2\r\nsent,2\r\n');
    expect(text).not.toContain('\r\nopens,');
    expect(text).toContain(
      '# series\r\ndate,sent,delivered,clicks,unsubscribes\r\n2026-11-27T10:00:00.000Z,2,2,1,0\r\n',
    );
    expect(text).toContain('1,"\'=HYPERLINK(""https://evil.test"")",1,1');
    expect(text).toContain('Original,2,1,1,0.5,0.5,,');
    expect(text).toContain('Head office,2,1,1,0,0');
    expect(text).toContain(
      '# runs\r\nrun,status,recipients,sent,failed,startedAt,finishedAt\r\n9,finished,2,2,0,',
    );
  });

  it('finds the tracked link of an anchor by its address', () => {
    const links = [{ index: 0, url: 'https://Example.com/a/', clicks: 1, uniqueClicks: 1 }];
    expect(linkOfAnchor('https://example.com/a', links)).toBe(links[0]);
    expect(linkOfAnchor('https://example.com/b', links)).toBeUndefined();
  });
});
