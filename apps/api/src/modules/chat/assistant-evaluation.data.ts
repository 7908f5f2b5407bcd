import type { RegulationArea } from '@complivue/shared/regulation-areas';

/**
 * The assistant's evaluation set (issue 26): questions a compliance officer asks, each with the
 * CFR section the direct answer must cite and the key fact it must state. Every fact is stated in
 * the library (packages/db/content/library); the comment names the file that states it.
 */
export interface EvaluationQuestion {
  question: string;
  /** The regulation area of the library that holds the answer. */
  area: RegulationArea;
  /**
   * A CFR section the answer must cite; a cited subsection of it counts ("12 CFR 1003.5(a)" is met
   * by "12 CFR 1003.5(a)(1)(i)").
   */
  citation: string;
  /** Words the direct answer must contain (case and spacing aside), e.g. 'March 1', '15 days'. */
  fact: string;
}

export const EVALUATION_QUESTIONS: EvaluationQuestion[] = [
  // trid/trid-loan-estimate-timing.md
  {
    question: 'How soon after we get an application do we have to send the LE?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(1)(iii)(A)',
    fact: 'third business day',
  },
  {
    question: 'What is the latest the Loan Estimate can go out before consummation?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(1)(iii)(B)',
    fact: 'seventh business day',
  },
  {
    question: 'If we mail the Loan Estimate, when is the borrower treated as having received it?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(1)(iv)',
    fact: 'three business days',
  },
  {
    question: 'Can we charge an appraisal fee before the borrower says they want to go ahead?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(2)(i)',
    fact: 'credit report',
  },
  {
    question:
      'What information does a borrower have to give us before it counts as a TRID application?',
    area: 'trid',
    citation: '12 CFR 1026.2(a)(3)(ii)',
    fact: 'six pieces of information',
  },
  // trid/trid-closing-disclosure-timing.md
  {
    question: 'How many days before consummation must the borrower receive the Closing Disclosure?',
    area: 'trid',
    citation: '12 CFR 1026.19(f)(1)(ii)',
    fact: 'three business days',
  },
  {
    question: 'Which changes after the CD is issued start a new three-day waiting period?',
    area: 'trid',
    citation: '12 CFR 1026.19(f)(2)(ii)',
    fact: 'loan product',
  },
  // trid/trid-changed-circumstances-revised-loan-estimates.md
  {
    question:
      'Once we learn of a valid changed circumstance, how long do we have to issue a revised LE?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(4)(i)',
    fact: 'three business days',
  },
  {
    question: 'How close to closing can the borrower receive a revised Loan Estimate?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(4)(ii)',
    fact: 'four business days',
  },
  // trid/trid-closing-disclosure-corrections-records.md
  {
    question: 'How long do we have to keep a copy of the Closing Disclosure?',
    area: 'trid',
    citation: '12 CFR 1026.25(c)(1)',
    fact: 'five years',
  },
  {
    question:
      'The recording fee changed after closing. How long do we have to send a corrected CD?',
    area: 'trid',
    citation: '12 CFR 1026.19(f)(2)(iii)',
    fact: '30 days',
  },
  {
    question: 'How long after closing can we fix a non-numeric clerical error on the CD?',
    area: 'trid',
    citation: '12 CFR 1026.19(f)(2)(iv)',
    fact: '60 days',
  },
  // trid/trid-good-faith-tolerances-and-cures.md
  {
    question: 'We went over tolerance at closing. How long do we have to refund the borrower?',
    area: 'trid',
    citation: '12 CFR 1026.19(f)(2)(v)',
    fact: '60 days after consummation',
  },
  {
    question: 'Can fees paid to our affiliated title company go up from the Loan Estimate?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(3)(i)',
    fact: 'no increase is allowed',
  },
  {
    question:
      'What tolerance applies to recording fees and services from our written provider list?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(3)(ii)',
    fact: '10 percent',
  },
  // trid/trid-loan-estimate-content-provider-list.md
  {
    question:
      'If we let borrowers shop for settlement services, who has to be on the provider list?',
    area: 'trid',
    citation: '12 CFR 1026.19(e)(1)(vi)(C)',
    fact: 'at least one available provider',
  },

  // qm_atr/ability-to-repay-underwriting-factors.md
  {
    question: 'What must we consider when making an ATR determination?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(c)(2)',
    fact: 'eight factors',
  },
  {
    question: 'What rate do we use to calculate the payment on an ARM for ability to repay?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(c)(5)(i)',
    fact: 'fully indexed rate',
  },
  // qm_atr/prepayment-penalties-and-atr-record-retention.md
  {
    question: 'How long must we keep our ability-to-repay documentation?',
    area: 'qm_atr',
    citation: '12 CFR 1026.25(c)(3)',
    fact: 'three years after consummation',
  },
  {
    question: 'How large a prepayment penalty can a QM have in its first two years?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(g)(2)',
    fact: '2 percent',
  },
  // qm_atr/general-qm-price-based-definition.md
  {
    question: 'What is the longest loan term allowed for a General QM?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(e)(2)(i)',
    fact: 'no more than 30 years',
  },
  {
    question:
      'How far above APOR can the APR go on a first-lien General QM in the top loan-amount tier?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(e)(2)(vi)',
    fact: '2.25 or more percentage points',
  },
  {
    question: 'At what spread does a first-lien qualified mortgage lose the safe harbor?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(b)(4)',
    fact: '1.5 or more percentage points',
  },
  // qm_atr/qm-points-and-fees-limits.md
  {
    question: 'What is the points and fees limit for a qualified mortgage on a larger loan?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(e)(3)(i)',
    fact: '3 percent',
  },
  // qm_atr/small-creditor-and-balloon-payment-qm.md
  {
    question:
      'How many first-lien loans can we sell in a year and still count as a small creditor?',
    area: 'qm_atr',
    citation: '12 CFR 1026.35(b)(2)(iii)',
    fact: '2,000 or fewer',
  },
  {
    question: 'How long do we have to hold a small creditor QM before selling it?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(e)(5)(ii)',
    fact: 'three years',
  },
  {
    question: 'What is the minimum term for a balloon-payment qualified mortgage?',
    area: 'qm_atr',
    citation: '12 CFR 1026.43(f)(1)',
    fact: 'five years or more',
  },

  // hmda/hmda-annual-and-quarterly-submission.md
  {
    question: 'When is HMDA data due?',
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(i)',
    fact: 'March 1',
  },
  {
    question: 'Which institutions have to file HMDA data every quarter?',
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(ii)',
    fact: 'at least 60,000',
  },
  {
    question: 'How long after a quarter ends is quarterly HMDA data due?',
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(ii)',
    fact: '60 calendar days',
  },
  // hmda/hmda-lar-data-points-and-quarterly-recording.md
  {
    question: 'How soon after quarter-end do loans have to be entered on the LAR?',
    area: 'hmda',
    citation: '12 CFR 1003.4(f)',
    fact: '30 calendar days',
  },
  {
    question: 'How long can a universal loan identifier be?',
    area: 'hmda',
    citation: '12 CFR 1003.4(a)(1)(i)',
    fact: '45 characters',
  },
  // hmda/hmda-public-disclosure-and-record-retention.md
  {
    question: 'How long do we keep a copy of the LAR we submitted?',
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(i)',
    fact: 'three years',
  },
  {
    question:
      'Once the FFIEC posts our HMDA disclosure statement, how soon must the notice be out?',
    area: 'hmda',
    citation: '12 CFR 1003.5(b)(2)',
    fact: 'three business days',
  },
  // hmda/hmda-institutional-and-transactional-coverage.md
  {
    question: 'How many closed-end mortgages does a bank have to originate to be a HMDA reporter?',
    area: 'hmda',
    citation: '12 CFR 1003.2(g)(1)',
    fact: '25 closed-end mortgage loans',
  },
  {
    question: 'What loan volume lets a credit union use the HMDA partial exemption?',
    area: 'hmda',
    citation: '12 CFR 1003.3(d)',
    fact: 'fewer than 500',
  },
  // hmda/hmda-ethnicity-race-sex-collection.md
  {
    question: 'An applicant at the branch declined to give race or ethnicity. What do we report?',
    area: 'hmda',
    citation: '12 CFR 1003.4(a)(10)(i)',
    fact: 'visual observation or surname',
  },

  // tila/tila-higher-priced-mortgage-loans.md
  {
    question: 'What is the HPML threshold for a jumbo loan?',
    area: 'tila',
    citation: '12 CFR 1026.35(a)(1)',
    fact: '2.5 percentage points',
  },
  {
    question:
      'How far over APOR does a conforming first mortgage have to be to count as higher-priced?',
    area: 'tila',
    citation: '12 CFR 1026.35(a)(1)',
    fact: '1.5 percentage points',
  },
  {
    question: 'When can a borrower ask us to cancel the escrow on an HPML?',
    area: 'tila',
    citation: '12 CFR 1026.35(b)(3)',
    fact: 'five years after consummation',
  },
  {
    question:
      'When does a higher-priced purchase loan on a flipped property need a second appraisal?',
    area: 'tila',
    citation: '12 CFR 1026.35(c)(4)',
    fact: '90 or fewer days',
  },
  // tila/tila-high-cost-mortgages-hoepa.md
  {
    question: 'What APR spread makes a first-lien mortgage a HOEPA loan?',
    area: 'tila',
    citation: '12 CFR 1026.32(a)(1)',
    fact: '6.5 percentage points',
  },
  {
    question: 'How much can we charge as a late fee on a high-cost mortgage?',
    area: 'tila',
    citation: '12 CFR 1026.34(a)(8)',
    fact: '4 percent',
  },
  // tila/tila-finance-charge-apr-accuracy.md
  {
    question: 'How much can the finance charge on a mortgage be understated and still be accurate?',
    area: 'tila',
    citation: '12 CFR 1026.18(d)(1)',
    fact: '$100',
  },
  {
    question: 'What is the APR tolerance for a regular transaction?',
    area: 'tila',
    citation: '12 CFR 1026.22(a)',
    fact: '1/8 of 1 percentage point',
  },
  // tila/tila-right-of-rescission.md
  {
    question: 'How long does a borrower have to rescind a home equity loan on their residence?',
    area: 'tila',
    citation: '12 CFR 1026.23(a)(3)',
    fact: 'third business day',
  },
  {
    question: 'A borrower rescinded. How long do we have to return their money?',
    area: 'tila',
    citation: '12 CFR 1026.23(d)(2)',
    fact: '20 calendar days',
  },

  // respa/respa-early-intervention-loss-mitigation.md
  {
    question: 'When can a servicer make the first foreclosure filing on a delinquent loan?',
    area: 'respa',
    citation: '12 CFR 1024.41(f)(1)',
    fact: 'more than 120 days',
  },
  {
    question: 'By what day of delinquency must we try to reach the borrower live?',
    area: 'respa',
    citation: '12 CFR 1024.39',
    fact: '36th day',
  },
  {
    question: 'How many loans can we service and still be a small servicer?',
    area: 'respa',
    citation: '12 CFR 1026.41(e)(4)',
    fact: '5,000 or fewer',
  },
  // respa/respa-error-resolution-information-requests-transfers.md
  {
    question: 'A borrower asked who owns their loan. How long does the servicer have to answer?',
    area: 'respa',
    citation: '12 CFR 1024.36',
    fact: '10 days',
  },
  {
    question: 'How quickly must a servicer respond to a notice of error about a payoff balance?',
    area: 'respa',
    citation: '12 CFR 1024.35',
    fact: '7 days',
  },
  {
    question: 'We are transferring servicing on a loan. How far ahead must we notify the borrower?',
    area: 'respa',
    citation: '12 CFR 1024.33(b)',
    fact: '15 days before',
  },
  // respa/respa-escrow-account-administration.md
  {
    question: 'How big a cushion can we hold in an escrow account?',
    area: 'respa',
    citation: '12 CFR 1024.17(c)',
    fact: 'one-sixth',
  },
  {
    question: 'When is the initial escrow account statement due?',
    area: 'respa',
    citation: '12 CFR 1024.17(g)',
    fact: '45 calendar days',
  },
  {
    question: 'When do we have to refund an escrow surplus to a borrower who is current?',
    area: 'respa',
    citation: '12 CFR 1024.17(f)',
    fact: '$50 or more',
  },
  // respa/respa-force-placed-insurance.md
  {
    question:
      'How much notice must a borrower get before we charge for force-placed hazard insurance?',
    area: 'respa',
    citation: '12 CFR 1024.37',
    fact: '45 days',
  },
  // respa/respa-section-8-kickbacks-affiliated-business.md
  {
    question:
      'What ownership stake in a settlement provider makes it an affiliated business arrangement?',
    area: 'respa',
    citation: '12 CFR 1024.15',
    fact: 'more than 1 percent',
  },

  // bsa_aml/currency-transaction-reports.md
  {
    question: 'When is a CTR due?',
    area: 'bsa_aml',
    citation: '31 CFR 1010.306(a)(1)',
    fact: '15 days',
  },
  {
    question: 'What is the cash threshold for filing a currency transaction report?',
    area: 'bsa_aml',
    citation: '31 CFR 1010.311',
    fact: 'more than $10,000',
  },
  // bsa_aml/bsa-recordkeeping-and-information-sharing.md
  {
    question: 'How long must BSA records be kept?',
    area: 'bsa_aml',
    citation: '31 CFR 1010.430(d)',
    fact: 'five years',
  },
  {
    question: 'What do we have to record when we sell a cashier’s check for cash?',
    area: 'bsa_aml',
    citation: '31 CFR 1010.415',
    fact: '$10,000 inclusive',
  },
  {
    question: 'How quickly must we respond to a FinCEN 314(a) request?',
    area: 'bsa_aml',
    citation: '31 CFR 1010.520(b)(3)',
    fact: '14 days',
  },
  // bsa_aml/suspicious-activity-reports.md
  {
    question: 'When is a SAR due?',
    area: 'bsa_aml',
    citation: '31 CFR 1020.320(b)(3)',
    fact: '30 calendar days',
  },
  {
    question: 'If we cannot identify a suspect, how long can we hold off filing the SAR?',
    area: 'bsa_aml',
    citation: '31 CFR 1020.320(b)(3)',
    fact: '60 calendar days',
  },
  {
    question: 'What dollar amount triggers suspicious activity reporting for a bank?',
    area: 'bsa_aml',
    citation: '31 CFR 1020.320(a)(2)',
    fact: 'at least $5,000',
  },
  {
    question: 'How long do we keep a SAR and its supporting documents?',
    area: 'bsa_aml',
    citation: '31 CFR 1020.320(d)',
    fact: 'five years',
  },
  // bsa_aml/customer-identification-program.md
  {
    question:
      'What do we have to collect from an individual under our CIP before opening the account?',
    area: 'bsa_aml',
    citation: '31 CFR 1020.220(a)(2)',
    fact: 'date of birth',
  },
  {
    question: 'How long do we keep CIP identifying information after an account is closed?',
    area: 'bsa_aml',
    citation: '31 CFR 1020.220(a)(3)',
    fact: 'five years',
  },
  // bsa_aml/customer-due-diligence-beneficial-ownership.md
  {
    question:
      'Under CDD, what ownership share makes someone a beneficial owner of a business customer?',
    area: 'bsa_aml',
    citation: '31 CFR 1010.230',
    fact: '25 percent or more',
  },
  // bsa_aml/ofac-sanctions-compliance.md
  {
    question: 'How soon must we report blocked property to OFAC?',
    area: 'bsa_aml',
    citation: '31 CFR 501.603',
    fact: '10 business days',
  },
  {
    question: 'When is the annual report of blocked property due?',
    area: 'bsa_aml',
    citation: '31 CFR 501.603',
    fact: 'September 30',
  },
  {
    question: 'How long do we keep records of transactions subject to OFAC sanctions?',
    area: 'bsa_aml',
    citation: '31 CFR 501.601',
    fact: 'at least 10 years',
  },

  // fair_lending/ecoa-adverse-action-notices.md
  {
    question: 'How long do we have to notify an applicant after a completed application?',
    area: 'fair_lending',
    citation: '12 CFR 1002.9(a)(1)',
    fact: '30 days',
  },
  {
    question:
      'The applicant never accepted our counteroffer. When is the adverse action notice due?',
    area: 'fair_lending',
    citation: '12 CFR 1002.9(a)(1)',
    fact: '90 days',
  },
  {
    question: 'Which creditors may give adverse action notices orally?',
    area: 'fair_lending',
    citation: '12 CFR 1002.9(d)',
    fact: '150 applications',
  },
  // fair_lending/ecoa-monitoring-information-and-record-retention.md
  {
    question: 'How long must we keep consumer credit applications under Regulation B?',
    area: 'fair_lending',
    citation: '12 CFR 1002.12(b)',
    fact: '25 months',
  },
  {
    question:
      'We do not report HMDA. What demographic information must we ask for on a home refinance?',
    area: 'fair_lending',
    citation: '12 CFR 1002.13(a)(1)',
    fact: 'marital status',
  },
  // fair_lending/ecoa-appraisal-and-valuation-copies.md
  {
    question: 'When must we tell a first-mortgage applicant they can get a copy of the appraisal?',
    area: 'fair_lending',
    citation: '12 CFR 1002.14(a)(2)',
    fact: 'third business day',
  },
  {
    question: 'Can we charge the applicant for a copy of the appraisal?',
    area: 'fair_lending',
    citation: '12 CFR 1002.14(a)(3)',
    fact: 'may not charge',
  },
  // fair_lending/ecoa-prohibited-bases-and-discouragement.md
  {
    question: 'Can we require the spouse to sign the note on an individual application?',
    area: 'fair_lending',
    citation: '12 CFR 1002.7(d)(1)',
    fact: 'qualifies individually',
  },

  // cra/cra-performance-tests-and-strategic-plan.md (the applicability note of every CRA article,
  // cra/cra-performance-tests-and-strategic-plan.md
  {
    question: 'Does CRA apply to credit unions?',
    area: 'cra',
    citation: '12 U.S.C. 2902(2)',
    fact: 'not subject to the CRA',
  },
  {
    question: 'How long can a CRA strategic plan run?',
    area: 'cra',
    citation: '12 CFR 25.27',
    fact: 'five years',
  },
  // cra/cra-public-file-notice-and-data-reporting.md
  {
    question: 'As of what date each year must our CRA public file be current?',
    area: 'cra',
    citation: '12 CFR 25.43',
    fact: 'April 1',
  },
  {
    question: 'When do large banks report their CRA small business and small farm loan data?',
    area: 'cra',
    citation: '12 CFR 25.42',
    fact: 'March 1',
  },
  {
    question: 'How soon must a new CRA performance evaluation go into the public file?',
    area: 'cra',
    citation: '12 CFR 25.43',
    fact: '30 business days',
  },
  // cra/cra-assessment-area-delineation.md
  {
    question: 'Can a CRA assessment area include only part of a census tract?',
    area: 'cra',
    citation: '12 CFR 25.41',
    fact: 'whole census tracts',
  },

  // fcra/fcra-adverse-action-and-identity-theft-red-flags.md
  {
    question:
      'We denied a loan using a credit report. How long can the applicant ask for a free copy?',
    area: 'fcra',
    citation: '15 U.S.C. 1681m(a)',
    fact: '60 days',
  },
  {
    question: 'Which Red Flags rule does a state-chartered credit union follow?',
    area: 'fcra',
    citation: '16 CFR part 681',
    fact: 'Federal Trade Commission',
  },
  // fcra/fcra-risk-based-pricing-and-credit-score-disclosure.md
  {
    question: 'How many key factors go on the credit score disclosure for a home loan?',
    area: 'fcra',
    citation: '15 U.S.C. 1681g(f)',
    fact: 'no more than four',
  },
  {
    question: 'Under FCRA, when is a risk-based pricing notice due on a closed-end loan?',
    area: 'fcra',
    citation: '12 CFR 1022.73(c)',
    fact: 'before consummation',
  },

  // flood/flood-mandatory-purchase-and-determinations.md
  {
    question: 'How much flood insurance do we have to require on a loan in a flood zone?',
    area: 'flood',
    citation: '42 U.S.C. 4012a(b)(1)',
    fact: 'outstanding principal balance',
  },
  {
    question: 'Is flood insurance required on a small, short-term loan?',
    area: 'flood',
    citation: '42 U.S.C. 4012a(c)',
    fact: '$5,000 or less',
  },
  {
    question: 'How long do we keep the standard flood hazard determination form?',
    area: 'flood',
    citation: '42 U.S.C. 4104b',
    fact: 'owns the loan',
  },
  // flood/flood-notice-escrow-and-force-placement.md
  {
    question: 'When must the borrower get the notice of special flood hazards?',
    area: 'flood',
    citation: '42 U.S.C. 4104a',
    fact: 'reasonable time before',
  },
  {
    question: 'How long does a borrower have to get flood insurance before we force-place it?',
    area: 'flood',
    citation: '42 U.S.C. 4012a(e)',
    fact: '45 days',
  },

  // safe_act/safe-act-federal-mlo-registration.md
  {
    question: 'When do our MLOs renew their NMLS registration?',
    area: 'safe_act',
    citation: '12 CFR 1007.103',
    fact: 'November 1 through December 31',
  },
  {
    question: 'How soon must we update the NMLS when a loan officer leaves the bank?',
    area: 'safe_act',
    citation: '12 CFR 1007.103',
    fact: '30 days',
  },
  {
    question: 'How many mortgage loans can an employee originate before having to register?',
    area: 'safe_act',
    citation: '12 CFR 1007.101',
    fact: 'five or fewer',
  },
  {
    question: 'How often must our SAFE Act compliance be independently tested?',
    area: 'safe_act',
    citation: '12 CFR 1007.104',
    fact: 'at least annually',
  },

  // udaap/udaap-standards-complaints-marketing.md
  {
    question: 'What makes a practice unfair under UDAAP?',
    area: 'udaap',
    citation: '12 U.S.C. 5531(c)',
    fact: 'substantial injury',
  },
  {
    question: 'When is a practice abusive?',
    area: 'udaap',
    citation: '12 U.S.C. 5531(d)',
    fact: 'materially interferes',
  },
  {
    question: 'Does the FTC Act prohibit abusive practices, or only unfair and deceptive ones?',
    area: 'udaap',
    citation: '12 U.S.C. 5531(d)',
    fact: 'Consumer Financial Protection Act only',
  },
  {
    question: 'Which complaints should we be tracking for UDAAP purposes?',
    area: 'udaap',
    citation: '12 U.S.C. 5536',
    fact: 'all channels',
  },
  // tila/tila-mortgage-servicing-disclosures.md
  {
    question: 'How soon must we send a payoff statement after a written request?',
    area: 'tila',
    citation: '12 CFR 1026.36(c)(3)',
    fact: 'seven business days',
  },
  {
    question: 'When do we have to send the notice before an ARM payment changes?',
    area: 'tila',
    citation: '12 CFR 1026.20(c)',
    fact: 'no more than 120',
  },
  {
    question: 'We bought a loan. How long do we have to tell the borrower?',
    area: 'tila',
    citation: '12 CFR 1026.39(b)',
    fact: '30th calendar day',
  },
  // tila/tila-loan-originator-compensation.md
  {
    question: 'Can we pay our loan officers more for loans with a higher interest rate?',
    area: 'tila',
    citation: '12 CFR 1026.36(d)(1)',
    fact: 'based on a term',
  },
  {
    question: 'How long must we keep loan originator compensation records?',
    area: 'tila',
    citation: '12 CFR 1026.25(c)(2)',
    fact: 'three years',
  },
  {
    question: 'Which loan documents need the NMLSR ID?',
    area: 'tila',
    citation: '12 CFR 1026.36(g)',
    fact: 'security instrument',
  },
  // respa/respa-counseling-list-and-home-loan-toolkit.md
  {
    question: 'When do we have to give the list of housing counselors?',
    area: 'respa',
    citation: '12 CFR 1024.20(a)(1)',
    fact: 'three business days',
  },
  {
    question: 'Is the Home Loan Toolkit required for a refinance?',
    area: 'respa',
    citation: '12 CFR 1026.19(g)',
    fact: 'not required for refinancings',
  },
  // tila/tila-appraisal-independence.md
  {
    question: 'Can a loan officer pressure the appraiser to hit the contract price?',
    area: 'tila',
    citation: '12 CFR 1026.42(c)',
    fact: 'independent judgment',
  },
  {
    question: 'What do we do when an appraiser seriously violates USPAP?',
    area: 'tila',
    citation: '12 CFR 1026.42(g)',
    fact: 'state appraiser certifying and licensing agency',
  },
  // tila/tila-home-equity-lines-of-credit.md
  {
    question: 'When can we charge a nonrefundable fee on a HELOC application?',
    area: 'tila',
    citation: '12 CFR 1026.40(h)',
    fact: 'three business days',
  },
  {
    question: 'How soon must we notify the borrower after we freeze a home equity line?',
    area: 'tila',
    citation: '12 CFR 1026.9(c)(1)(iii)',
    fact: 'three business days',
  },
  {
    question: 'When do we have to give the HELOC disclosures and the brochure?',
    area: 'tila',
    citation: '12 CFR 1026.40(b)',
    fact: 'application is provided',
  },
  // tila/tila-reverse-mortgages.md
  {
    question: 'How long before closing must the reverse mortgage disclosures be given?',
    area: 'tila',
    citation: '12 CFR 1026.31(c)(2)',
    fact: 'three business days',
  },
  {
    question: 'What does the reverse mortgage disclosure have to include?',
    area: 'tila',
    citation: '12 CFR 1026.33(b)',
    fact: 'total annual loan cost rates',
  },
  // tila/appraisals-evaluations-and-avm-quality-control.md
  {
    question: 'What is the appraisal threshold for a residential real estate loan at a bank?',
    area: 'tila',
    citation: '12 CFR 34.43(a)',
    fact: '$400,000',
  },
  {
    question: 'What do we need for a home loan below the appraisal threshold?',
    area: 'tila',
    citation: '12 CFR 34.43(b)',
    fact: 'evaluation',
  },
  {
    question: 'When did the AVM quality control rule take effect?',
    area: 'tila',
    citation: '12 U.S.C. 3354',
    fact: 'October 1, 2025',
  },
  // respa/homeowners-protection-act-pmi-cancellation.md
  {
    question: 'When does PMI terminate automatically?',
    area: 'respa',
    citation: '12 U.S.C. 4902(b)',
    fact: '78 percent',
  },
  {
    question: 'How soon must unearned PMI premiums be refunded?',
    area: 'respa',
    citation: '12 U.S.C. 4902(f)',
    fact: '45 days',
  },
  // servicemembers/scra-and-military-lending-act.md
  {
    question: 'What interest rate cap does the SCRA put on a servicemember’s mortgage?',
    area: 'servicemembers',
    citation: '50 U.S.C. 3937(a)',
    fact: '6 percent',
  },
  {
    question: 'How long after leaving the military can a servicemember ask for the SCRA rate cap?',
    area: 'servicemembers',
    citation: '50 U.S.C. 3937(b)',
    fact: '180 days',
  },
  {
    question: 'Can we foreclose on a servicemember’s mortgage right after they leave active duty?',
    area: 'servicemembers',
    citation: '50 U.S.C. 3953(c)',
    fact: 'one year',
  },
  {
    question: 'What is the maximum MAPR under the Military Lending Act?',
    area: 'servicemembers',
    citation: '32 CFR 232.4(b)',
    fact: '36 percent',
  },
  // privacy/regulation-p-privacy-notices-and-opt-out.md
  {
    question: 'How often must we send customers our privacy notice?',
    area: 'privacy',
    citation: '12 CFR 1016.5(a)',
    fact: '12 consecutive months',
  },
  {
    question: 'When does a new customer have to receive the privacy notice?',
    area: 'privacy',
    citation: '12 CFR 1016.4(a)',
    fact: 'customer relationship is established',
  },
  {
    question: 'How long do consumers get to opt out after we mail the privacy notice?',
    area: 'privacy',
    citation: '12 CFR 1016.10(a)',
    fact: '30 days',
  },
  {
    question: 'Can we give customers’ account numbers to a marketing company?',
    area: 'privacy',
    citation: '12 CFR 1016.12(a)',
    fact: 'account number',
  },
];
