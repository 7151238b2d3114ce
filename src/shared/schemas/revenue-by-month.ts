import { z } from '../zod-nl';

/** The dashboard's chart (tRPC only): revenue excl. VAT per month, oldest first, twelve months. */
export const revenueByMonthOutput = z.object({
  months: z.array(
    z.object({
      /** 'YYYY-MM', a calendar month in the Netherlands. */
      month: z.string(),
      /** Euros excl. VAT of the counted orders (all but the cancelled ones) dated in the month. */
      revenue: z.number(),
      /** The same month a year earlier. */
      previousYear: z.number(),
    }),
  ),
});
export type RevenueByMonth = z.infer<typeof revenueByMonthOutput>;
