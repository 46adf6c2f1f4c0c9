import { Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ConnectionChannel } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

const ICONS: Record<ConnectionChannel, { icon: IconName; color: string }> = {
  whatsapp: { icon: 'mobile-phone', color: '#25D366' },
  whatsappapi: { icon: 'mobile-phone', color: '#128C7E' },
  facebook: { icon: 'chat', color: '#1877F2' },
  instagram: { icon: 'camera', color: '#E4405F' },
  webchat: { icon: 'globe-network', color: '#2D72D2' },
  telegram: { icon: 'send-message', color: '#229ED9' },
};

export function channelIcon(channel: ConnectionChannel): IconName {
  return (ICONS[channel] ?? ICONS.whatsapp).icon;
}

/** The channel column: an icon coloured like the channel, named for screen readers. */
export function ChannelIcon({ channel }: { channel: ConnectionChannel }) {
  const { t } = useTranslation(NS);
  const { icon, color } = ICONS[channel] ?? ICONS.whatsapp;
  const label = t(`channels.${channel}`);
  return <Icon icon={icon} color={color} size={18} title={label} aria-label={label} data-channel={channel} />;
}
