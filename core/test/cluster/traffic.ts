import { randomBytes } from 'node:crypto';
import type { FakeWhatsappHub, WireMessage } from './fake-whatsapp-hub.js';
import type { Visitor } from './visitor.js';

/** A customer writing to one WhatsApp account of the company. */
export interface WhatsappCustomer {
  account: string;
  number: string;
}

export interface Traffic {
  /** Every inbound WhatsApp message handed to WhatsApp's servers (the hub), by wid. */
  readonly whatsapp: Map<string, WireMessage>;
  stop(): Promise<void>;
}

export function whatsappText(customer: WhatsappCustomer, body: string): WireMessage {
  return {
    key: { remoteJid: `${customer.number}@s.whatsapp.net`, fromMe: false, id: `3EB0${randomBytes(8).toString('hex').toUpperCase()}` },
    message: { conversation: body },
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: `Cliente ${customer.number.slice(-4)}`,
  };
}

/**
 * Steady traffic while the scenario runs: a WhatsApp message from the next customer every tick,
 * and every few ticks a line from the website visitor (who waits for each acknowledgement).
 */
export function startTraffic(hub: FakeWhatsappHub, customers: WhatsappCustomer[], visitor: Visitor, tickMs = 150): Traffic {
  const whatsapp = new Map<string, WireMessage>();
  let running = true;
  let n = 0;
  const visitorLoop = (async () => {
    let line = 0;
    while (running) {
      await visitor.send(`Visita ${++line}`);
      await new Promise((resolve) => setTimeout(resolve, tickMs * 8));
    }
  })();
  const timer = setInterval(() => {
    const customer = customers[n % customers.length]!;
    const message = whatsappText(customer, `Mensagem ${++n}`);
    whatsapp.set(message.key.id, message);
    hub.receive(customer.account, message);
  }, tickMs);
  return {
    whatsapp,
    async stop() {
      running = false;
      clearInterval(timer);
      await visitorLoop;
    },
  };
}
