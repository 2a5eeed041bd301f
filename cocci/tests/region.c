// Inputs for uaccess_region.cocci.

/* access after the end */
int after_end(u32 __user *p)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, p, efault);
	user_write_access_end();
	unsafe_put_user(2, p + 1, efault2);		/* region: after the end */
	return 0;
efault:
	user_write_access_end();
efault2:
	return -EFAULT;
}

/* access before the begin */
int before_begin(u32 __user *p)
{
	unsafe_put_user(0, p, efault2);			/* region: before the begin */
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
efault2:
	return -EFAULT;
}

/* a helper of the file runs in the region of its caller */
static int put_one(u32 __user *p, u32 v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int helper_after_end(u32 __user *p)
{
	int err;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = put_one(p, 1);
	user_write_access_end();
	if (!err)
		err = put_one(p, 2);			/* region: call after the end */
	return err;
}

/* user_access_save() closes the region until user_access_restore() */
int after_save(u32 __user *p)
{
	unsigned long flags;

	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, p, efault);
	flags = user_access_save();
	unsafe_put_user(2, p + 1, efault_restore);	/* region: after the save */
	user_access_restore(flags);
	user_write_access_end();
	return 0;
efault_restore:
	user_access_restore(flags);
efault:
	user_write_access_end();
	return -EFAULT;
}

/* 7.x: an access in a scope, before a checking begin later in the function, is in a region */
int scope_then_begin(struct s __user *p, int v)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(v, &p->a, efault);	/* fine: in the scope */
		if (!v)
			return 0;
	}
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, &p->b, efault_end);
	user_write_access_end();
	return 0;
efault_end:
	user_write_access_end();
efault:
	return -EFAULT;
}
