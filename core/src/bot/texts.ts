/**
 * What the bot itself says to customers (Portuguese, like the spec's own customer texts). Everything
 * else it sends is the company's configuration: greetings, option messages, out-of-hours, etc.
 */
export const BotTexts = {
  invalidOption: 'Opção inválida, por favor escolha uma das opções abaixo.',
  back: 'Voltar',
  exit: 'Encerrar atendimento',
  ended: 'Atendimento encerrado. Obrigado pelo contato!',
  lgpdAccept: 'Aceito',
  lgpdRefuse: 'Não aceito',
  lgpdDefault: 'Para continuar o atendimento precisamos do seu consentimento para o tratamento dos seus dados pessoais (LGPD).',
  lgpdRefused: 'Tudo bem. Sem o seu consentimento não podemos continuar este atendimento. Até logo!',
  queuePosition: (position: number) => `Você é o ${position}º da fila. Em breve um atendente falará com você.`,
  audioRefused: 'Desculpe, não aceitamos mensagens de áudio. Por favor, escreva a sua mensagem.',
  transferredToQueue: (queue: string) => `Você foi transferido para o setor *${queue}*. Aguarde, em breve você será atendido.`,
  transferredToUser: (user: string) => `Você foi transferido para o atendente *${user}*. Aguarde, em breve você será atendido.`,
} as const;

/** What the customer types to go back a level or to leave the bot (case and accents ignored). */
export const BACK_KEYWORD = '#';
export const EXIT_KEYWORD = 'sair';
