import { paths } from '@/config/paths';

export const ticketPath = (ticketId: string) => paths.supportTicket.replace(':ticketId', ticketId);
