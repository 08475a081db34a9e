import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { User } from '../user.ts';

export interface ListUsersInput {
  search?: string;
  page: number;
  pageSize: number;
}

export class ListUsers {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(input: ListUsersInput): Promise<{ users: User[]; total: number }> {
    const search = input.search?.trim() || undefined;
    return this.uow.run(({ users }) =>
      users.list({ search, offset: Math.max(0, input.page - 1) * input.pageSize, limit: input.pageSize }));
  }
}
