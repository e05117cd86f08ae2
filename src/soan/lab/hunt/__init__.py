"""`soan hunt GAME`: looking for the holes the designer did not ask about."""
