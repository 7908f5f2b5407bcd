import { LOAN_TEST_SLUGS, type LoanTestKind } from '@complivue/shared/loan-tests/loan-test-kinds';
import { paths } from '@/config/paths';

export const loanTestPath = (kind: LoanTestKind) => `${paths.loanTests}/${LOAN_TEST_SLUGS[kind]}`;
export { savedResultPath } from '@/components/loan-tests/api';
