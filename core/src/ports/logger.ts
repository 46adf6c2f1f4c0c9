/** The slice of a pino/Fastify logger the ports need (console fits too). */
export interface PortsLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}
