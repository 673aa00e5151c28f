import type { DocumentIssuer, PartnerPicOption } from '@portal/contract';

/** What a partner's PIC picker needs of the staff users (identity provides it). */
export interface PicDirectory {
  /** Up to `limit` active users whose username, name or e-mail matches `search`. */
  options(search: string | undefined, limit: number): Promise<PartnerPicOption[]>;
}

/** The chain's details that a voucher order's quotation and receipt print (masterdata's general setting provides them). */
export interface DocumentIssuerSource {
  issuer(): Promise<DocumentIssuer>;
}

/** What the vouchers module needs of other domains. */
export interface VouchersDeps {
  users: PicDirectory;
  documents: DocumentIssuerSource;
}
