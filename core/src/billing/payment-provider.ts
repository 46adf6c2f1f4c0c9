/** What the product asks of a payment provider (ARCHITECTURE: ports): a Pix charge and its webhook. */
export interface PixChargeRequest {
  invoiceId: number;
  value: number;
  dueDate: string;
  description: string;
  customer: { companyId: number; name: string; email: string | null; document: string; providerCustomerId: string | null };
}

export interface PixCharge {
  paymentId: string;
  providerCustomerId: string;
  /** The Pix "copia e cola" text. */
  payload: string;
  /** The QR code as a base64 PNG. */
  encodedImage: string;
  value: number;
}

/** A webhook event that settles a charge; null for the events the product ignores. */
export interface SettlementEvent {
  eventId: string;
  event: string;
  paymentId: string;
  /** The invoice the charge was created for (its external reference), when the provider echoes it. */
  invoiceId: number | null;
}

export interface PaymentProvider {
  readonly name: string;
  createPixCharge(request: PixChargeRequest): Promise<PixCharge>;
  /** Throws ProviderAuthError when the request was not sent by the provider. */
  readWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): SettlementEvent | null;
}

export class ProviderAuthError extends Error {}
