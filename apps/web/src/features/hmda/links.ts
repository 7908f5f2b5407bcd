import { paths } from '@/config/paths';

export const hmdaCheckPath = (checkId: string) => `${paths.hmdaChecks}/${checkId}`;
