/* inputs for uaccess_masked.cocci */

/* the masked pointer is used: silent */
int masked(struct tok *args)
{
	u32 __user *dst = masked_user_access_begin(args->out);

	unsafe_put_user(args->token, dst, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/* assigned back to the same name: silent */
int masked_same(u32 __user *p)
{
	p = masked_user_access_begin(p);
	unsafe_put_user(1, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int masked_result_unused(struct tok *args)
{
	u32 __user *dst = masked_user_access_begin(args->out);

	unsafe_put_user(args->token, args->out, efault);	/* not the masked pointer */
	user_access_end();
	return dst ? 0 : 1;
efault:
	user_access_end();
	return -EFAULT;
}

int masked_discarded(struct tok *args)
{
	u32 __user *out = args->out;

	if (can_do_masked_user_access())
		masked_user_access_begin(out);		/* result discarded */
	else if (!user_write_access_begin(out, sizeof(*out)))
		return -EFAULT;
	unsafe_put_user(args->token, out, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

void masked_nothing(u32 __user *p)
{
	masked_user_read_access_begin(p);
	user_read_access_end();
}
