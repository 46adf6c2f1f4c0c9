/**
 * What Meta says about a WhatsApp Cloud API number (issue #31): the messaging limit of its business
 * portfolio and the number's quality rating. The channel plugin reads them (Graph API, webhooks) and
 * publishes STANDING_TOPIC on the bus; the campaigns guard keeps a copy and acts on it.
 */
export const STANDING_TOPIC = 'whatsappapi.standing';

/** Meta's quality ratings of a business number (UNKNOWN = not rated yet). */
export const QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;

/**
 * Unique WhatsApp users a business may start conversations with in a moving 24 hours, per tier
 * (`whatsapp_business_manager_messaging_limit`; the older TIER_1K is kept for numbers that still
 * report it). null = no limit. TIER_NOT_SET (nothing sent yet) counts as a new portfolio's 250.
 */
export const MESSAGING_TIER_LIMITS: Readonly<Record<string, number | null>> = {
  TIER_NOT_SET: 250,
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};
/** The limit of an unknown or unread tier: what Meta gives a new business portfolio. */
export const DEFAULT_TIER_LIMIT = 250;

/** The daily unique-recipient limit of a tier (null = unlimited). */
export function tierLimit(tier: string | null | undefined): number | null {
  if (!tier || !(tier in MESSAGING_TIER_LIMITS)) return DEFAULT_TIER_LIMIT;
  return MESSAGING_TIER_LIMITS[tier] ?? null;
}

/** Bus payload of STANDING_TOPIC: the number's standing after a read or a webhook, and whether it dropped. */
export interface ConnectionStanding {
  companyId: number;
  connectionId: number;
  messagingTier: string | null;
  qualityRating: string | null;
  /**
   * The number's WhatsApp Business Account and the business portfolio that owns it (null when Graph
   * did not say): Meta counts the messaging limit per portfolio, across all its numbers.
   */
  wabaId?: string | null;
  portfolioId?: string | null;
  previous: { messagingTier: string | null; qualityRating: string | null };
  /** Where it came from: a Graph read, or a webhook field (phone_number_quality_update, business_capability_update, account_update). */
  source: string;
  /** Meta's event, when a webhook named one (DOWNGRADE, FLAGGED, ACCOUNT_RESTRICTION …). */
  event: string | null;
  /** The standing got worse in a way that must pause campaigns (RED, a lower tier, a downgrade / flag / restriction). */
  dropped: boolean;
  /** When the channel noted it (ISO); the same note published twice has the same time. */
  at: string;
}
