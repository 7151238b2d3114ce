import { z } from '../zod-nl';

/** A customer as every call returns it (spec §3 Customer). */
export const customerOutput = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  kvkNumber: z.string(),
  btwNumber: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerOutput>;

export const CUSTOMER_PAGE_SIZE_MAX = 200;

/** The paged list the screens use (the REST list of §7 stays a plain array). */
export const customerListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  activeOnly: z.boolean().optional().default(false),
  page: z.number().int().min(1).optional().default(1),
  pageSize: z.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional().default(50),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerPage = z.object({
  items: z.array(customerOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
