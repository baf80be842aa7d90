/** The local sandbox's merchant and key: nothing is secret in the local environment. */
export const LOCAL_FAWRY = { merchantCode: "DARS-LOCAL-MERCHANT", secureKey: "dars-local-fawry-secure-key" };
