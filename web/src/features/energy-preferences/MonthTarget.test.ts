import { amountError, plainAmount } from './MonthTarget';

describe('an amount as a person types it', () => {
  it('loses a leading pound sign and the commas that group its thousands', () => {
    expect(plainAmount('£1,500')).toBe('1500');
    expect(plainAmount(' £ 1,250.50 ')).toBe('1250.50');
    expect(plainAmount('12,000,000')).toBe('12000000');
    expect(amountError('£1,500', 'budget')).toBeUndefined();
    expect(amountError('2,500.75', 'goal')).toBeUndefined();
  });

  it('keeps a comma that may be a decimal one, and refuses it', () => {
    expect(plainAmount('1,5')).toBe('1,5');
    expect(amountError('1,5', 'budget')).toBe('energyPrefs.budget.invalid');
    expect(amountError('12,34,567', 'goal')).toBe('energyPrefs.goal.invalid');
    expect(amountError('£', 'budget')).toBe('validation.required');
    expect(amountError('10,000,001', 'budget')).toBe('energyPrefs.budget.invalid');
  });
});
