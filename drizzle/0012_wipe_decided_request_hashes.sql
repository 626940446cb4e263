-- A decided registration request needs no password hash: an approved one's hash now lives
-- on the account, a rejected one's was never to be used. Approval wipes it from now on.
UPDATE `registration_requests` SET `password_hash` = '' WHERE `status` <> 'pending';
