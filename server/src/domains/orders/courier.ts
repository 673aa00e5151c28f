import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';

/** What is sent to the courier for one attempt to hand an order over: where to collect it and where to take it. */
export interface CourierBookingRequest {
  /**
   * The attempt's own reference (`<order no>-<attempt>`): a courier that is asked twice with it (a job run again after
   * a restart) answers the same booking, so one attempt never books two drivers.
   */
  reference: string;
  order_no: string;
  attempt: number;
  pickup: { store_code: string; store_name: string; address: string | null; phone: string | null };
  dropoff: { address: string; recipient: string; phone: string };
  /** The parcel's declared value (Rupiah) and how many items it holds. */
  parcel: { value: number; items: number };
}

/** A booking the courier accepted: its reference and the driver it assigned. */
export interface CourierBooking {
  booking_ref: string;
  driver_name: string;
  driver_phone: string;
}

/** The courier refused the booking; its message is what operators read in Grab Retry. */
export class CourierRefusal extends Error {}

/**
 * A third-party courier (the spec's 3PL, Grab in heimdal's Grab Retry). `book` answers the booking or throws (a
 * CourierRefusal with the courier's message, or any error a failed call raises): the attempt fails with that message
 * and an operator may retry it. `cancel` takes back a booking the portal could not use (the order moved on while the
 * courier was answering).
 */
export interface CourierAdapter {
  readonly name: string;
  book(req: CourierBookingRequest): Promise<CourierBooking>;
  cancel(bookingRef: string): Promise<void>;
}

/** What the simulated courier says when it finds no house number in the address. */
export const SIMULATED_ADDRESS_REFUSAL = 'ADDRESS_NOT_FOUND: the drop-off address has no house or building number';
/** What it says by default while its failure switch is on. */
export const SIMULATED_OUTAGE = 'SERVICE_UNAVAILABLE: the courier could not be reached (simulated outage)';

const DRIVERS = [
  ['Bayu Saputra', '081390001001'],
  ['Slamet Riyadi', '081390001002'],
  ['Yudi Hartono', '081390001003'],
  ['Eko Prasetyo', '081390001004'],
  ['Rudi Hermawan', '081390001005'],
] as const;

/**
 * The simulated courier of development, the demo and tests. Deterministic, so tests, the demo and the e2e walk know what
 * happens: it refuses a drop-off address with no digit in it (no house or building number: `Jalan Melati, Bandung`),
 * and every booking while its failure switch (`outage`) holds a message; otherwise it books, with a reference and a
 * driver derived from the attempt's reference (the same attempt asked twice gets the same booking).
 */
export class SimulatedCourier implements CourierAdapter {
  readonly name = 'simulated';
  /** The failure switch: while it holds a message, every booking is refused with it (a courier outage). */
  outage: string | null = null;
  /** Bookings taken back, newest last (for tests and the log). */
  readonly cancelled: string[] = [];

  async book(req: CourierBookingRequest): Promise<CourierBooking> {
    if (this.outage !== null) throw new CourierRefusal(this.outage);
    if (!/\d/.test(req.dropoff.address)) throw new CourierRefusal(SIMULATED_ADDRESS_REFUSAL);
    const digest = createHash('sha256').update(req.reference).digest();
    const [driver_name, driver_phone] = DRIVERS[digest[0]! % DRIVERS.length]!;
    return { booking_ref: `SIM-${req.reference}`, driver_name, driver_phone };
  }

  async cancel(bookingRef: string): Promise<void> {
    this.cancelled.push(bookingRef);
  }
}

/**
 * Where no courier is connected (production, until a real courier's adapter is written against CourierAdapter): every
 * hand-over fails with a message saying so, so the orders show in Grab Retry and the store assigns its drivers by hand,
 * rather than a simulated driver being sent to real customers.
 */
export class UnconnectedCourier implements CourierAdapter {
  readonly name = 'none';

  async book(): Promise<CourierBooking> {
    throw new CourierRefusal('NO_COURIER: no courier service is connected to this portal; assign a driver by hand');
  }

  async cancel(): Promise<void> {}
}

/** The courier of an environment: the simulated one everywhere the portal is tried (development, staging, uat), none in production. */
export const courierOf = (config: Pick<Config, 'APP_ENV'>): CourierAdapter => (config.APP_ENV === 'production' ? new UnconnectedCourier() : new SimulatedCourier());
