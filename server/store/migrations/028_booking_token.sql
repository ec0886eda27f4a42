-- Reference numbers are drawn at random now (server/mail/reference.ts): the
-- sequence they were derived from goes. Those already issued stay as they are.
DROP SEQUENCE application_reference_seq;

-- The booking link's own token (server/intake/booking-token.ts): the booking
-- service hands it back with a booked call, and only the application holding
-- it gets the call. Applications stored before it have none: a call booked
-- through their old links (which carried the reference) no longer attaches.
ALTER TABLE applications ADD COLUMN booking_token text UNIQUE;
