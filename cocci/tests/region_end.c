// Inputs for uaccess_region_end.cocci.

/* the error label forgets the end */
int open_on_error(u32 __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;					/* region: still open */
}

/* wrong end variants */
int wrong_end_read(u32 __user *p, u32 *v)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	user_write_access_end();			/* region: wrong end */
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

int wrong_end_write(u32 __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();				/* region: wrong end */
	return -EFAULT;
}

/* all right: every path ends the region with the matching end */
int correct(u32 __user *p, u32 *v)
{
	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	unsafe_put_user(*v + 1, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/* positive test form, region ended inside */
int positive(u32 __user *p, u32 *v)
{
	int err = -EFAULT;

	if (user_read_access_begin(p, sizeof(*p))) {
		unsafe_get_user(*v, p, out);
		err = 0;
out:
		user_read_access_end();
	}
	return err;
}
