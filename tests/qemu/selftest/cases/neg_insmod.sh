# negative: no device for test_devices= -> insmod fails (120)
true
