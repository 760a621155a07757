//! Go: boards up to 52×52, captures, suicide, ko and superko under the common rule sets.
