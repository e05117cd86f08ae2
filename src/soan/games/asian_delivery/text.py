placeholder = 1
