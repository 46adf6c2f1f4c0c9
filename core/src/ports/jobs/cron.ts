import { CronExpressionParser } from 'cron-parser';

/**
 * Next run of a cron pattern after `from`, in epoch ms. cron-parser is the parser BullMQ itself
 * uses, so a pattern means the same thing in both drivers.
 */
export function nextCronRun(pattern: string, tz: string | undefined, from: Date = new Date()): number {
  const expression = CronExpressionParser.parse(pattern, { currentDate: from, tz });
  return expression.next().getTime();
}

/** Throws at schedule time rather than at the first tick. */
export function assertValidCron(pattern: string, tz: string | undefined): void {
  try {
    nextCronRun(pattern, tz);
  } catch (err) {
    throw new Error(`invalid cron pattern "${pattern}"${tz ? ` in ${tz}` : ''}: ${(err as Error).message}`);
  }
}
