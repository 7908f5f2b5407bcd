// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../test/render.tsx';
import { Citation, Citations } from './citation.tsx';

describe('Citation', () => {
  it('opens the cited paragraph on eCFR in a new tab', () => {
    renderComponent(<Citation citation="12 CFR 1026.19(e)(1)(iii)" />);
    const link = screen.getByRole('link', { name: '12 CFR 1026.19(e)(1)(iii) (opens the eCFR)' });
    expect(link.getAttribute('href')).toBe(
      'https://www.ecfr.gov/current/title-12/section-1026.19#p-1026.19(e)(1)(iii)',
    );
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('leaves a citation it cannot read as text', () => {
    renderComponent(<Citation citation="Regulation Z commentary" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Regulation Z commentary')).toBeTruthy();
  });

  it('links each of several citations separated by semicolons', () => {
    renderComponent(<Citations citations="31 CFR 1010.306(a)(1); 31 CFR 1010.311" />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.ecfr.gov/current/title-31/section-1010.306#p-1010.306(a)(1)',
      'https://www.ecfr.gov/current/title-31/section-1010.311',
    ]);
  });
});
