# negative: the guest passes but the host check fails (126)
true
