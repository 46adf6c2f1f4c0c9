import type { Shape } from '../../../../locales/shape.js';

/** Strings of the Meta channels on the connections page (WhatsApp Cloud API fields, Facebook Login). */
export const pt = {
  cloud: {
    title: 'WhatsApp Cloud API (Meta)',
    saveFirst: 'Salve a conexão para preencher os dados da Meta.',
    phoneNumberId: 'ID do número de telefone',
    wabaId: 'ID da conta WhatsApp Business (WABA)',
    accessToken: 'Token de acesso',
    appSecret: 'Chave secreta do app',
    verifyToken: 'Token de verificação do webhook',
    secretKept: 'Guardado ({{masked}}). Deixe em branco para manter.',
    webhookUrl: 'URL do webhook (cole no app da Meta)',
    copy: 'Copiar',
    copied: 'Copiado!',
    save: 'Salvar dados da Meta',
    saved: 'Dados da Meta salvos. Verificando o número...',
    lastError: 'Último erro: {{error}}',
    templates: {
      title: 'Modelos de mensagem',
      loading: 'Carregando modelos…',
      error: 'Não foi possível ler os modelos desta conexão.',
      /** The approved part of summary and synced (its own plural: '1 aprovado' among 2 templates). */
      approved_one: '{{count}} aprovado',
      approved_other: '{{count}} aprovados',
      summary_one: '{{count}} modelo guardado ({{approved}}).',
      summary_other: '{{count}} modelos guardados ({{approved}}).',
      syncedAt: 'Lidos da Meta em {{at}}.',
      never: 'Ainda não lidos da Meta.',
      sync: 'Sincronizar agora',
      syncing: 'Sincronizando…',
      synced_one: 'Modelos sincronizados: {{count}} ({{approved}}).',
      synced_other: 'Modelos sincronizados: {{count}} ({{approved}}).',
    },
  },
  login: {
    starting: 'Abrindo o login do Facebook...',
    cancelled: 'Login do Facebook cancelado.',
    notConfigured: 'O app da Meta não está configurado neste servidor.',
    done: 'Conexões criadas ou atualizadas: {{count}}',
  },
};

export type MetaLocale = Shape<typeof pt>;
