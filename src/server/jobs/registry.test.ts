import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createCapturingMailer } from '../../test/mailer';
import { HOUSEKEEPING_CRON, JOB_QUEUE_ROWS, JOB_QUEUES } from './queues';
import { appJobs } from './registry';

describe('the job registry', () => {
  it('works every declared queue, each with one handler, and nothing else', () => {
    const jobs = appJobs({
      db: {} as Db,
      log: pino({ level: 'silent' }),
      config: { webhookAllowPrivate: false, nodeEnv: 'production', appUrl: 'https://app.example' },
      mailer: createCapturingMailer(),
      now: () => new Date(0),
    });
    const worked = jobs.map((job) => job.queue.name).sort();
    expect(worked).toEqual(JOB_QUEUES.map((q) => q.name).sort());
    expect(new Set(worked).size).toBe(worked.length);
  });

  it('schedules the clean-up of expired rows every ten minutes, and nothing else', () => {
    const jobs = appJobs({
      db: {} as Db,
      log: pino({ level: 'silent' }),
      config: { webhookAllowPrivate: false, nodeEnv: 'production', appUrl: 'https://app.example' },
      mailer: createCapturingMailer(),
      now: () => new Date(0),
    });
    const scheduled = jobs.filter((job) => job.schedule !== undefined);
    expect(scheduled.map((job) => [job.queue.name, job.schedule])).toEqual([
      ['housekeeping', '*/10 * * * *'],
    ]);
    expect(HOUSEKEEPING_CRON).toBe('*/10 * * * *');
  });

  it('has the database create every declared queue, with its policy', () => {
    expect(JOB_QUEUE_ROWS.map((row) => row.name)).toEqual(JOB_QUEUES.map((q) => q.name));
    const webhooks = JOB_QUEUE_ROWS.find((row) => row.name === 'webhook-delivery');
    expect(webhooks).toEqual({
      name: 'webhook-delivery',
      retryLimit: 11,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 60,
    });
    // The approvers' mails wait for a mail server that is away for hours, not for a day.
    expect(JOB_QUEUE_ROWS.find((row) => row.name === 'approval-mail')).toEqual({
      name: 'approval-mail',
      retryLimit: 8,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 120,
    });
  });
});
