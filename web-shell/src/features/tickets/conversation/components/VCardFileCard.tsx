import { useQuery } from '@tanstack/react-query';
import { conversationKeys, fetchVCardText } from '../api.js';
import { nameOfVCardFile, parseVCard, type ContactCard } from '../lib/vcard.js';
import { ContactCardView } from './ContactCardView.js';
import { DocumentFile } from './DocumentFile.js';

interface Props {
  src: string;
  fileName: string;
  onStartTicket(card: ContactCard): void;
}

/** A contact card stored as a .vcf file: its content read once, shown as a card (a download if unreadable). */
export function VCardFileCard({ src, fileName, onStartTicket }: Props) {
  const file = useQuery({ queryKey: conversationKeys.vCardFile(src), queryFn: () => fetchVCardText(src), staleTime: Infinity, retry: 1 });
  if (file.isError || (file.data !== undefined && !/BEGIN:VCARD/i.test(file.data))) return <DocumentFile src={src} name={fileName} />;
  const card = file.data === undefined ? { name: nameOfVCardFile(fileName), number: '' } : parseVCard(file.data);
  return <ContactCardView card={card} loading={file.isPending} onStartTicket={onStartTicket} />;
}
