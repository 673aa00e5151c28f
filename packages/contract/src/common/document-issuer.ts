import { z } from 'zod';

/**
 * The chain's own details that its documents print (a voucher order's quotation and receipt): legal name, address,
 * NPWP and phone, the bank account clients transfer to, and how many days a quotation stands. Kept in the general
 * setting (masterdata), read by the vouchers domain.
 */
export const documentIssuer = z.object({
  /** The chain's legal name as its documents print it (PT ... Tbk). */
  company_name: z.string().nullable(),
  company_address: z.string().nullable(),
  /** The chain's tax number, digits only. */
  company_npwp: z.string().nullable(),
  company_phone: z.string().nullable(),
  /** The account clients transfer a quotation's total to. */
  bank_name: z.string().nullable(),
  bank_account_no: z.string().nullable(),
  bank_account_holder: z.string().nullable(),
  /** How many days a quotation stands from the day it is issued. */
  quotation_validity_days: z.number().int(),
});
export type DocumentIssuer = z.infer<typeof documentIssuer>;
