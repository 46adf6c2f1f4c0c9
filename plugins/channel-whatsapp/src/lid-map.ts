import type { AuthStateStore, ChannelPeer } from '@guiche/core';
import { BoundedCache } from './lru.js';
import { digitsOf, isLidJid, isPhoneJid, normalizeJid } from './jid.js';

/**
 * Kept apart from Baileys' own signal-key category 'lid-mapping' (which the key store also writes
 * under io.authState): lid jid → phone digits, and phone digits → lid jid.
 */
export const LID_TO_PHONE = 'peer-lid';
export const PHONE_TO_LID = 'peer-pn';
const CACHE_SIZE = 5000;

/**
 * One connection's LID ↔ phone-number mapping. WhatsApp may address the same person by a
 * `…@lid` jid or by `…@s.whatsapp.net`; every peer this session reports carries the phone digits
 * as its id whenever they are known, and the LID alias beside them, so core keeps one contact.
 */
export class LidMap {
  private readonly phones = new BoundedCache<string, string | null>(CACHE_SIZE);
  private readonly lids = new BoundedCache<string, string | null>(CACHE_SIZE);

  /** `onLearnt` hears every mapping new to this map (phone digits, LID jid). */
  constructor(
    private readonly store: AuthStateStore,
    private readonly onLearnt?: (digits: string, lid: string) => Promise<void> | undefined,
  ) {}

  /** Records that `lid` and `phone` (jids, any order) are the same person. */
  async learn(a: string | null | undefined, b: string | null | undefined): Promise<void> {
    const lid = [a, b].find(isLidJid);
    const phone = [a, b].find(isPhoneJid);
    if (!lid || !phone) return;
    const lidJid = normalizeJid(lid);
    const digits = digitsOf(normalizeJid(phone));
    if (this.phones.get(lidJid) === digits && this.lids.get(digits) === lidJid) return;
    this.phones.set(lidJid, digits);
    this.lids.set(digits, lidJid);
    await this.store.set([
      { category: LID_TO_PHONE, id: lidJid, value: digits },
      { category: PHONE_TO_LID, id: digits, value: lidJid },
    ]);
    await this.onLearnt?.(digits, lidJid);
  }

  async phoneOf(lidJid: string): Promise<string | null> {
    const key = normalizeJid(lidJid);
    const cached = this.phones.get(key);
    if (cached !== undefined) return cached;
    const stored = await this.store.get<string>(LID_TO_PHONE, key);
    this.phones.set(key, stored);
    return stored;
  }

  async lidOf(digits: string): Promise<string | null> {
    const cached = this.lids.get(digits);
    if (cached !== undefined) return cached;
    const stored = await this.store.get<string>(PHONE_TO_LID, digits);
    this.lids.set(digits, stored);
    return stored;
  }

  /**
   * The peer of a person's jid, with the alternative jid WhatsApp sent beside it (key.remoteJidAlt,
   * key.participantAlt) when there is one: id = phone digits when known, else the LID jid.
   */
  async peerOf(jid: string, alt?: string | null, name?: string | null): Promise<ChannelPeer> {
    await this.learn(jid, alt);
    const normalized = normalizeJid(jid);
    let phone: string | null = null;
    let lid: string | null = null;
    if (isLidJid(normalized)) {
      lid = normalized;
      phone = await this.phoneOf(normalized);
    } else if (isPhoneJid(normalized)) {
      phone = digitsOf(normalized);
      lid = await this.lidOf(phone);
    } else {
      return { id: normalized, ...(name ? { name } : {}) };
    }
    return {
      id: phone ?? (lid as string),
      // '' rather than undefined: core must not take the LID's digits for a phone number.
      number: phone ?? '',
      ...(lid ? { lid } : {}),
      ...(name ? { name } : {}),
    };
  }
}
