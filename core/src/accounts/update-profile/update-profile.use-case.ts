import type { ProfileUpdateInput } from '../../contracts/profile.contract.ts';
import { usStates } from '../../contracts/geography.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { User } from '../user.ts';
import { UNAUTHORIZED_MESSAGE } from '../account-messages.ts';

const blankToNull = (value: string | undefined, current: string | null): string | null =>
  value === undefined ? current : value === '' ? null : value;

/**
 * Absent fields keep their value, empty strings clear them. In the United States the state is one of the
 * 50 two-letter codes; elsewhere it is free text (docs/product/screens.md "Profile Settings").
 */
export class UpdateProfile {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, input: ProfileUpdateInput): Promise<Result<User, DomainError>> {
    return this.uow.run(async ({ users }) => {
      const user = await users.findById(userId);
      if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
      const country = input.country ?? user.country;
      let state = blankToNull(input.state, input.country && input.country !== user.country ? null : user.state);
      if (country === 'US' && state !== null) {
        state = state.toUpperCase();
        if (!usStates.some(([code]) => code === state)) {
          return err(domainError('validation.invalid', 'Please choose a US state from the list'));
        }
      }
      const updated: User = {
        ...user,
        firstName: blankToNull(input.firstName, user.firstName),
        lastName: blankToNull(input.lastName, user.lastName),
        country,
        state,
        updatedAt: this.clock.now(),
      };
      await users.updateProfile(updated);
      return ok(updated);
    });
  }
}
