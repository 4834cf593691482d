"""Connections between the host's page and its guests: transports and the glue to the lobby."""
