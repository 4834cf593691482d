"""The multiplayer lobby: the host's session state machine, the wire protocol, match records and the guest mirror."""
