import { openSubscriptionStatuses, type BillingRepository, type NewPayment, type StoredPayment, type StoredSubscription } from '../../payments/billing-repository.port.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

const newestSubscriptionFirst = (a: StoredSubscription, b: StoredSubscription) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class InMemoryBillingRepository implements BillingRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async customerIdOf(userId: string): Promise<string | null> {
    return this.db.state.billingCustomers.get(userId) ?? null;
  }

  async userIdOfCustomer(customerId: string): Promise<string | null> {
    for (const [userId, id] of this.db.state.billingCustomers) if (id === customerId) return userId;
    return null;
  }

  async saveCustomer(userId: string, customerId: string): Promise<void> {
    if (!this.db.state.users.has(userId)) throw new Error(`Unknown user ${userId}`);
    const owner = await this.userIdOfCustomer(customerId);
    if (owner && owner !== userId) throw new Error(`Customer ${customerId} belongs to another user`);
    this.db.state.billingCustomers.set(userId, customerId);
  }

  async findSubscription(id: string): Promise<StoredSubscription | null> {
    const found = this.db.state.subscriptions.find((s) => s.id === id);
    return found ? copy(found) : null;
  }

  async saveSubscription(subscription: StoredSubscription): Promise<void> {
    if (!this.db.state.users.has(subscription.userId)) throw new Error(`Unknown user ${subscription.userId}`);
    const index = this.db.state.subscriptions.findIndex((s) => s.id === subscription.id);
    if (index < 0) {
      this.db.state.subscriptions.push(copy(subscription));
      return;
    }
    // As the database's upsert: the owner, customer and creation time of a subscription never change.
    const stored = this.db.state.subscriptions[index]!;
    this.db.state.subscriptions[index] = copy({ ...subscription, userId: stored.userId, customerId: stored.customerId, createdAt: stored.createdAt });
  }

  async openSubscriptions(userId: string): Promise<StoredSubscription[]> {
    return this.db.state.subscriptions
      .filter((s) => s.userId === userId && openSubscriptionStatuses.includes(s.status))
      .sort(newestSubscriptionFirst)
      .map(copy);
  }

  async recordPayment(payment: NewPayment): Promise<boolean> {
    if (!this.db.state.users.has(payment.userId)) throw new Error(`Unknown user ${payment.userId}`);
    if (this.db.state.payments.some((p) => p.invoiceId === payment.invoiceId)) return false;
    if (payment.paymentId !== null && this.db.state.payments.some((p) => p.paymentId === payment.paymentId)) {
      throw new Error(`Payment ${payment.paymentId} already paid another invoice`);
    }
    this.db.state.payments.push(copy(payment));
    return true;
  }

  async findPaymentByPaymentId(paymentId: string): Promise<StoredPayment | null> {
    const found = this.db.state.payments.find((p) => p.paymentId === paymentId);
    return found ? copy(found) : null;
  }

  async listPayments(userId: string): Promise<StoredPayment[]> {
    return this.db.state.payments
      .filter((p) => p.userId === userId)
      .sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime() || (a.invoiceId < b.invoiceId ? 1 : -1))
      .map(copy);
  }

  async setRefunded(invoiceId: string, refundedCents: number): Promise<void> {
    const payment = this.db.state.payments.find((p) => p.invoiceId === invoiceId);
    if (!payment) return;
    if (refundedCents < 0 || refundedCents > payment.amountCents) throw new Error(`A refund of ${refundedCents} cents exceeds invoice ${invoiceId}`);
    payment.refundedCents = refundedCents;
  }

  async markEventProcessed(eventId: string): Promise<boolean> {
    if (this.db.state.paymentEvents.has(eventId)) return false;
    this.db.state.paymentEvents.add(eventId);
    return true;
  }
}
