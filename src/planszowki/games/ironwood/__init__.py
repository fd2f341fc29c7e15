"""Ironwood (rulebook: shared/seeds/ironwood_instrukcja.txt): two players, Woodwalkers and Ironclad."""
